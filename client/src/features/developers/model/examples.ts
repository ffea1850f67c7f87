/**
 * The examples of the API reference (/docs/api), shown exactly as written here. A browser test copies each one
 * from the page and runs it against the app, in a folder holding photo.jpg and mask.png, with
 * CLEANUP_STUDIO_URL and CLEANUP_STUDIO_KEY set as the setup block says.
 */
export interface ApiExample {
  id: string;
  title: string;
  language: 'sh' | 'js';
  /** What it does, in a sentence. */
  about: string;
  code: string;
}

export const API_EXAMPLES: ApiExample[] = [
  {
    id: 'curl-upscale',
    title: 'Upscale a photo 2x (curl)',
    language: 'sh',
    about:
      'The answer is the result image itself; the X-Credits-Remaining header says how many credits are left.',
    code: `curl --fail-with-body -sS "$CLEANUP_STUDIO_URL/api/v1/edit" \\
  -H "Authorization: Bearer $CLEANUP_STUDIO_KEY" \\
  -F image=@photo.jpg \\
  -F mode=image-upscale \\
  -F 'options={"scale":2}' \\
  -o photo-2x.png`,
  },
  {
    id: 'curl-object-removal',
    title: 'Remove an object with a mask (curl)',
    language: 'sh',
    about:
      'The mask is a PNG of the photo’s shape, white where the object is. Watermark removal takes a mask the same way.',
    code: `curl --fail-with-body -sS "$CLEANUP_STUDIO_URL/api/v1/edit" \\
  -H "Authorization: Bearer $CLEANUP_STUDIO_KEY" \\
  -F image=@photo.jpg \\
  -F mask=@mask.png \\
  -F mode=object-removal \\
  -o photo-clean.png`,
  },
  {
    id: 'curl-credits',
    title: 'Check your credits (curl)',
    language: 'sh',
    about: 'Your plan, the credits left in this period and when they renew. It costs nothing.',
    code: `curl --fail-with-body -sS "$CLEANUP_STUDIO_URL/api/credits" \\
  -H "Authorization: Bearer $CLEANUP_STUDIO_KEY"`,
  },
  {
    id: 'js-edit',
    title: 'Edit from JavaScript (Node.js 20 or later)',
    language: 'js',
    about: 'The same call with fetch and FormData; save it as edit.mjs and run node edit.mjs.',
    code: `import { readFile, writeFile } from 'node:fs/promises';

const form = new FormData();
form.append('image', new Blob([await readFile('photo.jpg')]), 'photo.jpg');
form.append('mode', 'image-upscale');
form.append('options', JSON.stringify({ scale: 2 }));

const response = await fetch(\`\${process.env.CLEANUP_STUDIO_URL}/api/v1/edit\`, {
  method: 'POST',
  headers: { Authorization: \`Bearer \${process.env.CLEANUP_STUDIO_KEY}\` },
  body: form,
});
if (!response.ok) throw new Error((await response.json()).error.message);
await writeFile('photo-2x.png', Buffer.from(await response.arrayBuffer()));
console.log('Credits left:', response.headers.get('X-Credits-Remaining'));`,
  },
  {
    id: 'js-async',
    title: 'Start an edit and collect it later (JavaScript)',
    language: 'js',
    about:
      'With Prefer: respond-async the call answers 202 at once with a job; ask its statusUrl until it is completed or failed.',
    code: `import { readFile, writeFile } from 'node:fs/promises';

const base = process.env.CLEANUP_STUDIO_URL;
const headers = { Authorization: \`Bearer \${process.env.CLEANUP_STUDIO_KEY}\` };

const form = new FormData();
form.append('image', new Blob([await readFile('photo.jpg')]), 'photo.jpg');
form.append('mask', new Blob([await readFile('mask.png')]), 'mask.png');
form.append('mode', 'object-removal');

const started = await fetch(\`\${base}/api/v1/edit\`, {
  method: 'POST',
  headers: { ...headers, Prefer: 'respond-async' },
  body: form,
});
if (started.status !== 202) throw new Error((await started.json()).error.message);
let job = await started.json();
while (job.status === 'pending' || job.status === 'processing') {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  job = await (await fetch(base + job.statusUrl, { headers })).json();
}
if (job.status === 'failed') throw new Error(job.error);
const result = await fetch(base + job.result.url, { headers });
await writeFile('photo-clean.png', Buffer.from(await result.arrayBuffer()));
console.log(\`Done: \${job.result.width}x\${job.result.height}\`);`,
  },
];

/** The setup the examples expect, with this site's address. */
export function setupBlock(origin: string): string {
  return `export CLEANUP_STUDIO_URL=${origin}
export CLEANUP_STUDIO_KEY=csk_...   # from the API page`;
}
