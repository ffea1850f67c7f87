/**
 * Requests that people posted to Facebook groups, Reddit, 4chan and Twitter (and one text message) asking
 * strangers or family to edit their photo, as news and blog pages quote them verbatim; the id names the page's
 * site and story. Held out whole. See README.md.
 */
import type { RealRequest } from './types';

const RESTORE = ['auto-levels', 'clarify', 'denoise', 'enhance-face', 'sharpen'];

export const PRESS_QUOTED_POSTS: RealRequest[] = [
  {
    id: 'press-opposingviews-engagement-photo',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'I cannot for the life of me Photoshop him out! Can anyone help me out without us having to crop the image?',
    main: ['remove-object', 'remove-marked'],
    split: 'held-out',
  },
  {
    id: 'press-upworthy-late-wife-photo',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: "Lost my wife in January and as she got older and gained weight she didn't like having her picture taken. So I don't have many pictures with her. The one below is one of my favorites when we were younger. Can someone please bring out our faces and get rid of the glare. Thank you in advance",
    main: ['light-recovery', 'brightness', 'auto-levels', 'enhance-face'],
    split: 'held-out',
  },
  {
    id: 'press-wbsm-mom-photo',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: "My Mom and I 20 years ago. Can someone help me clean this pic up (photoshop or whatever)? It's the only copy I have.",
    main: RESTORE,
    split: 'held-out',
  },
  {
    id: 'press-babble-newborn-tubes',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'My daughter recently passed away after a long battle in the children’s hospital. Since she was in the hospital her whole life we never were able to get a photo without all her tubes. Can someone remove the tubes from this photo?',
    main: ['remove-marked'],
    split: 'held-out',
  },
  {
    id: 'press-retrainyourbrain-grandmother-photo',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'My grandmother is an awesome lady. Please help fix this picture of her!',
    main: RESTORE,
    split: 'held-out',
  },
  {
    id: 'press-brightside-deceased-aunt',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'A photo of my deceased aunt that my grandfather would like to see restored — it would mean a lot to him.',
    main: RESTORE,
    split: 'held-out',
  },
  {
    id: 'press-brightside-grandmother-funeral',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'I’d love help restoring this beautiful picture of my grandmother so we can use it for her funeral service.',
    main: RESTORE,
    split: 'held-out',
  },
  {
    id: 'press-fonx-sun-between-fingers',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'Hey /b/ can you please photoshop the sun between my fingers?',
    main: [],
    generative: true,
    split: 'held-out',
  },
  {
    id: 'press-fonx-more-handsome',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'I’m looking for a girlfriend. Please Photoshop masters, make me more handsome!',
    main: [],
    generative: true,
    split: 'held-out',
  },
  {
    id: 'press-fonx-guy-on-scooter',
    source: 'press-quoted-posts',
    kind: 'forum-post',
    text: 'Photoshop the guy on the scooter out of this photo',
    main: ['remove-object', 'remove-marked'],
    split: 'held-out',
  },
  {
    id: 'press-novinky-remove-my-ex',
    source: 'press-quoted-posts',
    kind: 'social-post',
    text: 'Can you please remove my ex from this (shorter guy)',
    main: ['remove-object', 'remove-marked'],
    split: 'held-out',
  },
  {
    id: 'press-news18-guy-in-background',
    source: 'press-quoted-posts',
    kind: 'social-post',
    text: 'Can someone pls remove that guy in the background and let me enjoy my sub???',
    main: ['remove-object', 'remove-marked'],
    split: 'held-out',
  },
  {
    id: 'press-indianexpress-take-out-man',
    source: 'press-quoted-posts',
    kind: 'social-post',
    text: 'Take out man in background',
    main: ['remove-object', 'remove-marked'],
    split: 'held-out',
  },
];
