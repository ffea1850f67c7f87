/*
 * The smallest app that signs in the way the product does: Firebase JS SDK, Google popup with the account chooser
 * always shown, connected to the Auth emulator whose URL the test passes as ?emulator=.
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth, GoogleAuthProvider, signInWithPopup } from 'firebase/auth';

const emulatorUrl = new URLSearchParams(location.search).get('emulator');
if (!emulatorUrl) throw new Error('Pass the Auth emulator URL as ?emulator=');

// signInWithPopup refuses to start without an authDomain, even though the emulator never uses it.
const app = initializeApp({
  apiKey: 'demo-key',
  projectId: 'demo-cleanup',
  authDomain: 'demo-cleanup.firebaseapp.com',
});
const auth = getAuth(app);
connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });

const show = (id: string, text: string) => {
  document.getElementById(id)!.textContent = text;
};

document.getElementById('sign-in')!.addEventListener('click', async () => {
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  try {
    const { user } = await signInWithPopup(auth, provider);
    (document.getElementById('id-token') as HTMLTextAreaElement).value = await user.getIdToken();
    show('user-email', user.email ?? '');
    show('user-name', user.displayName ?? '');
  } catch (error) {
    show('error', (error as { code?: string }).code ?? String(error));
  }
});
