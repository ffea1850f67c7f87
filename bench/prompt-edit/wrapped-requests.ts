/**
 * The real requests wrapped in what people write around a request: greetings, thanks, offers of a tip, the
 * photo's story. A reader should plan the same for the wrapped request as for the bare one. For each wrapper,
 * over the doable rows of real-requests/, how many plans change and how many lose the main wish they had.
 * Run: node --import tsx bench/prompt-edit/wrapped-requests.ts
 * The wrappers are split like the requests: the tuning wrappers' changes were read while fixing the reader;
 * the held-out wrappers were written before any run and only their counts are printed. Held-out first.
 */
import { pathToFileURL } from 'node:url';
import { REAL_REQUESTS, type RealRequest } from './real-requests';
import type { Planner } from './real-score';

type Wrapper = [name: string, wrap: (text: string) => string];

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * The wrappers whose changes were read while fixing the reader: the first list from the start, then each
 * round's held-out part (written before any run) after its figures were recorded: rounds 1, 2 and 3.
 */
export const TUNING_WRAPPERS: Wrapper[] = [
  ['greeting', (t) => `Hi everyone! ${t}`],
  ['first post', (t) => `Hey guys, first time posting here so go easy on me. ${t}`],
  ['thanks', (t) => `${t} Thanks in advance!!`],
  ['thanks, lower case', (t) => `${t} thanks`],
  ['tip offer', (t) => `${t} Will tip $5 to the best one.`],
  ['pay offer', (t) => `${t} Can pay $10 via venmo`],
  ['any help', (t) => `${t} Any help is appreciated 🙏`],
  [
    'story before',
    (t) => `My grandma passed away last month and this is the only photo we have of her with my kids. ${t}`,
  ],
  [
    'story and praise',
    (t) =>
      `This is from our wedding day and it means a lot to us. ${t} Thank you so much, you guys are amazing.`,
  ],
  ['where taken', (t) => `Took this on my phone at the beach last summer. ${t}`],
  ['praise', (t) => `${t} you guys are the best`],
  ['please and thank you', (t) => `${t} please and thank you`],
  ['paid tag', (t) => `[Paid] ${t}`],
  ['edit line', (t) => `${t}\n\nEdit: thanks for all the help everyone!`],
  ['hello, comma', (t) => `Hello, ${t}`],
  ['story after', (t) => `${t} It was taken at my daughter's graduation and she wants to frame it.`],
  ['sorry quality', (t) => `${t} Sorry for the bad quality, it's a scan of an old print.`],
  ['lmk', (t) => `${t} lmk if you need the original file`],
  ['not sure', (t) => `Not sure if this is possible but ${lowerFirst(t)}`],
  ['emoji', (t) => `${t} 😊😊`],
  ['memorial', (t) => `${t} (it's for her memorial next week)`],
  ['lurker', (t) => `Hey all!! Long time lurker, first time poster. ${t}`],
  ['urgent', (t) => `URGENT!! ${t}`],
  ['dm', (t) => `${t} DM me if you have questions.`],
  [
    'long story',
    (t) =>
      `So my parents got married in 1985 and we only have a handful of photos from that day, most of them pretty damaged. ${t}`,
  ],
  ['question first', (t) => `Is anyone able to help with this? ${t}`],
  ['budget', (t) => `${t} Budget is $15, happy to pay more for a great job.`],
  ['deadline', (t) => `${t} Need it by Friday if possible!`],
  ['free tag', (t) => `[Free] ${t}`],
  ['ps', (t) => `${t} P.S. I'm attaching a second photo for reference.`],
  ['apology', (t) => `Sorry if this is the wrong sub. ${t}`],
  ['new here', (t) => `New here! ${t}`],
  ['her name', (t) => `This is my mom Linda at her 60th birthday. ${t}`],
  ['trailing ok', (t) => `${t} ok thanks bye`],
  ['two stops', (t) => `${t}.. thank you!!!`],
  ['heart', (t) => `${t} ❤️ thank you in advance`],
  ['hoping', (t) => `Hoping one of you wizards can work your magic! ${t}`],
  ['context mid', (t) => `${t} My sister took it with an old camera so the quality isn't great.`],
  ['update', (t) => `${t}\n\nUPDATE: solved, thank you all!`],
  ['mods', (t) => `${t} Mods please remove if not allowed.`],
  ['gift', (t) => `${t} I want to print it as a gift for my dad.`],
  ['crossposted', (t) => `(crossposted from another sub) ${t}`],
  ['feel free', (t) => `${t} Feel free to get creative!`],
  ['original', (t) => `${t} Original is attached in the comments.`],
  ['sob story', (t) => `We lost our dog last week and this is the last picture of him. ${t}`],
  ['quick one', (t) => `Quick one for you: ${t}`],
  ['will credit', (t) => `${t} Will credit you when I post it`],
  ['smiley', (t) => `${t} :)`],
];

/**
 * Written on 2026-11-29 before any run of them, when the sixth round became tuning: the seventh round, held out.
 */
export const SEVENTH_ROUND_WRAPPERS: Wrapper[] = [
  ['edit typo', (t) => `${t} Edit: fixed a typo.`],
  ['anniversary', (t) => `Our 10th anniversary is next week and I want to frame this. ${t}`],
  ['simple one', (t) => `Hopefully a simple one: ${lowerFirst(t)}`],
  ['paying', (t) => `${t} Paying $15 for the best edit.`],
  ['grandpa', (t) => `${t} It's the last photo of my grandpa.`],
  ['x-post', (t) => `(x-post from r/picrequests) ${t}`],
  ['lol', (t) => `${t} lol`],
  ['appreciate', (t) => `${t} Would really appreciate it!`],
  ['in advance', (t) => `Thank you in advance. ${t}`],
  ['same as before', (t) => `Same as my last post, ${lowerFirst(t)}`],
  ['living room', (t) => `${t} I want to print it for my living room.`],
  ['tried apps', (t) => `${t} I tried a few apps but nothing worked.`],
];

/**
 * Written on 2026-11-29 before any run of them, when the fifth round became tuning: the sixth round, held out
 * until the seventh was written.
 */
export const SIXTH_ROUND_WRAPPERS: Wrapper[] = [
  ['birthday card', (t) => `${t} It's for my mom's birthday card.`],
  ['request tag', (t) => `[Request] ${t}`],
  ['new here', (t) => `New to this sub, hope I'm doing this right! ${t}`],
  ['a lot to ask', (t) => `Sorry if this is a lot to ask. ${t}`],
  ['upvotes', (t) => `${t} Upvotes for everyone who tries!`],
  ['deadline', (t) => `${t} Need it by Friday if possible.`],
  ['keep it real', (t) => `${t} Please keep it looking real.`],
  ['link in comments', (t) => `${t} Original file is in the comments.`],
  ['memorial', (t) => `We lost him in March and this is one of the last photos we took. ${t}`],
  ['second photo', (t) => `${t} I have a second photo if that helps.`],
  ['ty', (t) => `${t} ty!!`],
  ['cheers', (t) => `Cheers mate, ${lowerFirst(t)}`],
];

/**
 * Written after the last fixes, before any run of them: the fifth round, the day's final held-out reading on
 * 2026-11-28; tuning since the sixth round was written.
 */
export const FIFTH_ROUND_WRAPPERS: Wrapper[] = [
  ['bday', (t) => `It's my grandpa's 90th birthday on Sunday and we're making a slideshow. ${t}`],
  ['two asks', (t) => `Two things if anyone has time. ${t}`],
  ['camera model', (t) => `Shot on a Canon 5D, straight out of camera. ${t}`],
  ['first attempt', (t) => `${t} My own attempt is in the second picture, it didn't turn out well.`],
  ['heart eyes', (t) => `${t} 😍🙏`],
  ['long thanks', (t) => `${t} Thank you thank you thank you, this means the world to me.`],
  ['will share', (t) => `${t} Will share the result with my family.`],
  ['flair', (t) => `[Specific] ${t} (details in comments)`],
  ['question', (t) => `${t} Is that doable?`],
  ['friend', (t) => `My best friend took this at the lake. ${t}`],
  ['sorry english', (t) => `Sorry for my english. ${t}`],
  ['whoever', (t) => `${t} Whoever does it best gets $20.`],
];

/**
 * Written after the third round's figures, before any run of them: the fourth round. Read once; its "delete post"
 * wrapper was then mended, so it is held out no longer in full: write a fifth round before the next fixes.
 */
export const HELD_OUT_WRAPPERS: Wrapper[] = [
  ['delete post', (t) => `${t} I'll delete this post once it's done.`],
  ['trip story', (t) => `We drove six hours to see the lighthouse and it rained the whole time. ${t}`],
  ['tried myself', (t) => `I tried doing it myself in Snapseed but it looked awful. ${t}`],
  ['if possible', (t) => `${t} If that's not possible, no worries!`],
  ['rules', (t) => `Read the rules, hope this is ok. ${t}`],
  ['phone note', (t) => `${t} Sorry, on mobile so formatting is weird.`],
  [
    'dad',
    (t) => `My dad is in the hospital and this photo of him and my son would really cheer him up. ${t}`,
  ],
  ['any takers', (t) => `Any takers? ${t}`],
  ['old pic', (t) => `This picture is from 1998. ${t}`],
  ['not urgent', (t) => `${t} No rush at all.`],
  ['others tried', (t) => `${t} Someone else tried but the edges looked fake.`],
  ['wife', (t) => `${t} My wife will love this!`],
];

export interface WrapperScore {
  rows: number;
  /** Rows whose steps (kinds, in any order) or refusal differ from the bare request's. */
  changed: number;
  /** Rows whose bare request planned the main wish and whose wrapped one does not. */
  lost: number;
}

const shape = (plan: ReturnType<Planner>) =>
  plan.steps.length
    ? plan.steps
        .map((s) => s.kind)
        .sort()
        .join(',')
    : 'refused';

export function scoreWrapper(rows: RealRequest[], plan: Planner, wrap: Wrapper[1]): WrapperScore {
  const score: WrapperScore = { rows: 0, changed: 0, lost: 0 };
  for (const row of rows.filter((r) => r.main.length > 0)) {
    const bare = plan(row.text);
    const wrapped = plan(wrap(row.text));
    const hits = (p: ReturnType<Planner>) => p.steps.some((s) => row.main.includes(s.kind));
    score.rows++;
    if (shape(bare) !== shape(wrapped)) score.changed++;
    if (hits(bare) && !hits(wrapped)) score.lost++;
  }
  return score;
}

function total(rows: RealRequest[], plan: Planner, wrappers: Wrapper[]): WrapperScore {
  const sum: WrapperScore = { rows: 0, changed: 0, lost: 0 };
  for (const [, wrap] of wrappers) {
    const s = scoreWrapper(rows, plan, wrap);
    sum.rows += s.rows;
    sum.changed += s.changed;
    sum.lost += s.lost;
  }
  return sum;
}

const share = (n: number, of: number) => `${n}/${of} = ${((100 * n) / Math.max(1, of)).toFixed(1)} %`;

async function main() {
  const { interpretInstruction } = await import('../../server/src/engines/prompt-edit/interpret');
  const bySplit = (split: RealRequest['split']) => REAL_REQUESTS.filter((r) => r.split === split);
  for (const [label, wrappers] of [
    ['seventh round', SEVENTH_ROUND_WRAPPERS],
    ['sixth round', SIXTH_ROUND_WRAPPERS],
    ['fifth round', FIFTH_ROUND_WRAPPERS],
    ['held-out wrappers', HELD_OUT_WRAPPERS],
    ['tuning wrappers', TUNING_WRAPPERS],
  ] as const) {
    for (const split of ['held-out', 'tuning'] as const) {
      const s = total(bySplit(split), interpretInstruction, [...wrappers]);
      console.log(
        `${label.padEnd(17)} on ${split.padEnd(8)} requests: changed ${share(s.changed, s.rows)}  lost the main wish ${share(s.lost, s.rows)}`,
      );
    }
  }
  console.log('\nBy wrapper, on the held-out requests (counts only):');
  for (const [name, wrap] of [
    ...SEVENTH_ROUND_WRAPPERS,
    ...SIXTH_ROUND_WRAPPERS,
    ...FIFTH_ROUND_WRAPPERS,
    ...HELD_OUT_WRAPPERS,
    ...TUNING_WRAPPERS,
  ]) {
    const s = scoreWrapper(bySplit('held-out'), interpretInstruction, wrap);
    console.log(
      `  ${name.padEnd(22)} changed ${String(s.changed).padStart(3)}  lost ${String(s.lost).padStart(3)}  of ${s.rows}`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
