for await (const conversation of client.conversations.list({ tag: 'Customer', limit: 25 })) {
  const messages = await client.conversations.messages.list(conversation.conversation_id, {
    account_id: conversation.account_id,
  });
  console.log(conversation.conversation_id, messages.items[0]?.text);

  // Drafts are stored, never sent; a new draft for the same conversation or contact replaces the earlier one.
  const draft = await client.drafts.create({
    account_id: conversation.account_id,
    conversation_id: conversation.conversation_id,
    draft_message: 'Thanks! Could we talk this week?',
  });
  console.log(draft.kind, draft.replaced_previous);
  break;
}
// A draft to a contact instead of a conversation: {account_id, contact_id, draft_message}. For a contact who is
// not connected it is saved as a connection request (kind `connection_request`).
