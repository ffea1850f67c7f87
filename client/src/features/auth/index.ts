export { useAuth } from './use-auth';
export { useCurrentUser, currentUserQueryOptions } from './api/get-current-user';
export { authKeys } from './api/auth-keys';
export { preloadAuth, startAuthSession } from './auth-session';
export { LoginDialog } from './components/login-dialog';
export { SignInGate } from './components/sign-in-gate';
export { GoogleIcon } from './components/google-icon';
