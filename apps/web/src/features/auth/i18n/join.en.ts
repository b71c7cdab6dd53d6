/** The join texts, which come with their page's chunk (as `join.*`). */
export const joinEn = {
  title: 'Join organization',
  loading: 'Loading the invitation...',
  invitedYou: '{{inviter}} invited you to join {{organization}} as {{role}}.',
  sentTo: 'This invitation was sent to {{email}}.',
  accept: 'Accept invitation',
  signInToAccept: 'Sign in to accept',
  createAndJoin: 'Create account and join',
  newAccountHint: 'Choose your account details to join.',
  signedInAs: 'Signed in as {{name}}.',
  invalidTitle: 'This invitation cannot be used',
  missingToken: 'The link is missing its invite token. Open the link from your e-mail again.',
};
export type JoinCatalogue = typeof joinEn;
