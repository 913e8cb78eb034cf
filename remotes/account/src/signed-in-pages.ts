// The pages of a signed-in person, in a chunk of their own (AccountApp.tsx loads it): a person on
// the sign-in form downloads neither them nor the dialog group only their cards open.
export { ProfilePage } from './profile/ProfilePage.js';
export { SecurityPage } from './security/SecurityPage.js';
