// What `vite/client` declares of `import.meta.env` and the README's page snippets use, so that they type-check
// without Vite installed.
interface ImportMeta {
  readonly env: { readonly DEV: boolean; readonly PROD: boolean; readonly BASE_URL: string };
}
