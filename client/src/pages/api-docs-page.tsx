import { useSyncExternalStore, type ReactNode } from 'react';
import { Link } from 'wouter';
import { MAX_PROMPT_CHARACTERS } from '@common/limits';
import { MODES } from '@common/modes';
import { MAX_INPUT_PIXELS } from '@common/plans';
import { PageLayout } from '@client/components/layout/page-layout';
import { API_EXAMPLES, CodeBlock, setupBlock } from '@client/features/developers';
import { usePageMeta } from '@client/lib/page-meta';
import { API_DOCS_META } from './meta';

const KEY_CALLS = [
  ['POST /api/v1/edit', 'upload and edit in one call'],
  ['GET /api/v1/jobs/:id', 'an edit started with Prefer: respond-async'],
  ['POST /api/upload', 'upload a photo, as the editor does'],
  ['POST /api/process/:id', 'edit an uploaded photo'],
  ['GET /api/process/:id/events', 'progress, as Server-Sent Events'],
  ['GET /api/images/:id/original|mask|result', 'your files'],
  [
    'POST /api/images/:id/select',
    'tap to select: { points: [{ x, y, label: 1 | 0 }], box? } in the photo’s pixels → the object’s mask (PNG, white = selected); free',
  ],
  ['GET /api/credits', 'plan and credits left'],
  ['POST /api/prompt/plan', 'what a Chat to Edit instruction would do'],
];

const FIELDS = [
  [
    'image',
    'file, required',
    `The photo: JPG, PNG or WebP, within your plan’s upload limit and ${MAX_INPUT_PIXELS / 1e6} megapixels.`,
  ],
  ['mode', 'text, required', MODES.join(', ')],
  ['mask', 'file', 'PNG of the photo’s shape, white where to edit. Watermark and object removal need it.'],
  ['prompt', 'text', `Chat to Edit’s instruction, up to ${MAX_PROMPT_CHARACTERS} characters.`],
  [
    'options',
    'JSON text',
    'The mode’s options, e.g. {"scale":4} or {"backdrop":{"kind":"color","color":"#ffffff"}}.',
  ],
];

/** The page's origin never changes while it is open. */
const stayPut = () => () => undefined;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="mt-12">
      <h2 className="text-2xl font-bold tracking-tight">{title}</h2>
      <div className="mt-4 grid gap-4 leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

/** /docs/api: the API reference, with examples a test runs exactly as they are shown. */
export default function ApiDocsPage() {
  usePageMeta(API_DOCS_META);
  // The prerendered page names the public site; once in the browser, the site it was opened on.
  const origin = useSyncExternalStore(
    stayPut,
    () => window.location.origin,
    () => 'https://cleanupstudio.app',
  );

  return (
    <PageLayout>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">Developers</p>
        <h1 className="mt-2 text-4xl font-extrabold tracking-tight">API reference</h1>
        <p className="mt-4 text-lg text-muted-foreground">
          Every editing mode of the editor, from your own code: one call takes a photo and answers the edited
          image. Edits spend the same credits as in the editor.
        </p>

        <Section title="Keys">
          <p>
            Create a key on the{' '}
            <Link href="/api-keys" className="text-primary underline-offset-4 hover:underline">
              API page
            </Link>{' '}
            (signed in). It starts with <code>csk_</code> and is shown once; keep it out of web pages and
            repositories, and revoke it there when it may have leaked. Send it as{' '}
            <code>Authorization: Bearer csk_...</code>. Keys work on these calls:
          </p>
          <ul className="grid gap-1 text-sm">
            {KEY_CALLS.map(([call, what]) => (
              <li key={call}>
                <code className="text-foreground">{call}</code> — {what}
              </li>
            ))}
          </ul>
          <p>
            Account, billing and key calls need you signed in on the website; a key is refused there (403).
          </p>
        </Section>

        <Section title="Setup">
          <p>The examples read the site’s address and your key from the environment:</p>
          <CodeBlock code={setupBlock(origin)} label="the setup" testId="example-setup" />
        </Section>

        <Section title="Examples">
          {API_EXAMPLES.map((example) => (
            <div key={example.id} className="grid gap-2">
              <h3 className="text-lg font-semibold text-foreground">{example.title}</h3>
              <p>{example.about}</p>
              <CodeBlock code={example.code} label={example.title} testId={`example-${example.id}`} />
            </div>
          ))}
        </Section>

        <Section title="POST /api/v1/edit">
          <p>A multipart/form-data form with these fields:</p>
          <dl className="grid gap-3 text-sm">
            {FIELDS.map(([name, kind, what]) => (
              <div key={name}>
                <dt>
                  <code className="text-foreground">{name}</code> <span className="text-xs">({kind})</span>
                </dt>
                <dd>{what}</dd>
              </div>
            ))}
          </dl>
          <p>
            <strong className="text-foreground">200</strong>: the result image, with{' '}
            <code>X-Credits-Remaining</code> and <code>Content-Location</code> (where the result stays
            available to you). With <code>Prefer: respond-async</code>:{' '}
            <strong className="text-foreground">202</strong> as soon as the edit holds its credit, with the
            job (<code>id</code>, <code>status</code>, <code>statusUrl</code>, <code>eventsUrl</code>, then{' '}
            <code>result</code> or <code>error</code>) and its address in <code>Location</code>.
          </p>
        </Section>

        <Section title="Credits and limits">
          <p>
            One credit per successful edit, whatever the mode; a failed edit costs nothing, and one answered
            directly keeps nothing. Your plan’s upload size and output limits apply as in the editor. Each key
            may make 30 edits or uploads and 300 calls in all a minute (429 past that), and a person may hold
            10 live keys.
          </p>
        </Section>

        <Section title="Errors">
          <p>
            Every error answers <code>{'{ "error": { "code", "message" } }'}</code>: branch on the code, show
            the message. 400 a field is wrong, 401 a missing, unknown or revoked key, 402 no credits left, 404
            not yours or not there, 413 over your plan’s upload limit, 415 not a JPG, PNG or WebP, 422 an
            image or mask that cannot be used, 429 too many calls, 5xx the edit failed (the credit was
            returned).
          </p>
        </Section>

        <Section title="OpenAPI">
          <p>
            The whole API, generated from the schemas the server checks requests with:{' '}
            <a href="/api/openapi.json" className="text-primary underline-offset-4 hover:underline">
              /api/openapi.json
            </a>{' '}
            (OpenAPI 3.1).
          </p>
        </Section>
      </article>
    </PageLayout>
  );
}
