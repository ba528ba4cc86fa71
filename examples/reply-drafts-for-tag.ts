// Save reply drafts for the conversations with a given tag (drafts are stored, never sent).
//   pnpm tsx reply-drafts-for-tag.ts --tag Customer [--message "Hi {first_name}, ..."] [--limit 10]
import { main, parseArgs, stringArg } from './lib/args';
import { connect } from './lib/connect';
import { table } from './lib/terminal';

main(async () => {
  const args = parseArgs();
  const { client, mock, describe, close } = connect();
  try {
    const tag = stringArg(args, 'tag') ?? 'Customer';
    const template = stringArg(args, 'message') ?? 'Hi {first_name}, thanks for your message. Could we talk this week?';
    const limit = Number(stringArg(args, 'limit') ?? 10);
    console.log(`Drafting replies to conversations tagged "${tag}" on ${describe}`);

    const rows: string[][] = [];
    for await (const conversation of client.conversations.list({ tag, limit: 25 })) {
      if (rows.length >= limit) break; // leaving the loop stops the SDK from fetching more pages
      const other = conversation.participants.find((p) => !p.is_account_owner);
      const firstName = other?.name.split(' ')[0] ?? 'there';
      const draft = await client.drafts.create({
        account_id: conversation.account_id,
        conversation_id: conversation.conversation_id,
        draft_message: template.replace('{first_name}', firstName),
      });
      rows.push([conversation.conversation_id, other?.name ?? '', draft.kind, draft.replaced_previous ? 'replaced' : 'new']);
    }
    console.log(table(['Conversation', 'With', 'Draft', 'Saved as'], rows));
    console.log(`${rows.length} drafts saved; nothing was sent.`);
    if (mock) console.log(`The mock now holds ${mock.drafts().drafts.length} drafts.`);
  } finally {
    close();
  }
});
