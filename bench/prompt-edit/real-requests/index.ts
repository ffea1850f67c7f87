/**
 * Real photo-edit requests from public sources, each judged by hand for the person's main wish, for measuring
 * Chat to Edit's interpreter on requests as people write them. Sources, licences and the split: README.md.
 */
import { GGIP2P_PAPER } from './ggip2p-paper';
import { GITHUB_ISSUES } from './github-issues';
import { IER_REDDIT_MORE } from './ier-reddit-more';
import { IER_REDDIT_PAIRS } from './ier-reddit-pairs';
import { IER_REDDIT_SECOND } from './ier-reddit-second';
import { IER_REDDIT_THIRD } from './ier-reddit-third';
import { IER_REDDIT_THIRD_TEST } from './ier-reddit-third-test';
import { IER_REDDIT_VALID } from './ier-reddit-valid';
import { IER_ZHOPPED_PAIRS } from './ier-zhopped-pairs';
import { IER_ZHOPPED_REST } from './ier-zhopped-rest';
import { IER_ZHOPPED_SECOND } from './ier-zhopped-second';
import { IER_ZHOPPED_THIRD } from './ier-zhopped-third';
import { IER_ZHOPPED_VALID } from './ier-zhopped-valid';
import { IMGEDIT_UGE } from './imgedit-uge';
import { MAGICBRUSH } from './magicbrush';
import { PHOTO_HELP_FORUMS } from './photo-help-forums';
import { PRESS_QUOTED_POSTS } from './press-quoted-posts';
import { PSR_PAPER } from './psr-paper';
import { REDDIT_REALEDIT } from './reddit-realedit';
import type { RealRequest } from './types';

export type { RealRequest } from './types';
export {
  GGIP2P_PAPER,
  GITHUB_ISSUES,
  IER_REDDIT_MORE,
  IER_REDDIT_PAIRS,
  IER_REDDIT_SECOND,
  IER_REDDIT_THIRD,
  IER_REDDIT_THIRD_TEST,
  IER_REDDIT_VALID,
  IER_ZHOPPED_PAIRS,
  IER_ZHOPPED_REST,
  IER_ZHOPPED_SECOND,
  IER_ZHOPPED_THIRD,
  IER_ZHOPPED_VALID,
  IMGEDIT_UGE,
  MAGICBRUSH,
  PHOTO_HELP_FORUMS,
  PRESS_QUOTED_POSTS,
  PSR_PAPER,
  REDDIT_REALEDIT,
};

export const REAL_REQUESTS: RealRequest[] = [
  ...REDDIT_REALEDIT,
  ...PSR_PAPER,
  ...IER_REDDIT_PAIRS,
  ...IER_REDDIT_VALID,
  ...IER_REDDIT_MORE,
  ...IER_REDDIT_SECOND,
  ...IER_REDDIT_THIRD,
  ...IER_REDDIT_THIRD_TEST,
  ...GITHUB_ISSUES,
  ...PRESS_QUOTED_POSTS,
  ...IER_ZHOPPED_PAIRS,
  ...IER_ZHOPPED_REST,
  ...IER_ZHOPPED_VALID,
  ...IER_ZHOPPED_SECOND,
  ...IER_ZHOPPED_THIRD,
  ...MAGICBRUSH,
  ...IMGEDIT_UGE,
  ...GGIP2P_PAPER,
  ...PHOTO_HELP_FORUMS,
];
