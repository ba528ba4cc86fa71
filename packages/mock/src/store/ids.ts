/** Numeric string ids (`^[1-9][0-9]*$`), one counter per kind so they read naturally and never collide within a kind. */
export interface Ids {
  take(kind: string): string;
}
