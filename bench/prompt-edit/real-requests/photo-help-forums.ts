/**
 * Opening posts of help threads on photo forums (dgrin, RetouchPRO, Adobe's forums), one customer's request
 * quoted on a photo-editing service's samples page, one r/PhotoshopRequest title quoted by a web page and one
 * GitHub issue in which someone asks strangers for an edit: people describing their own photo, with context,
 * asking for it to be fixed. Held out whole, labelled before the interpreter was run on them. See README.md.
 */
import type { RealRequest } from './types';

export const PHOTO_HELP_FORUMS: RealRequest[] = [
  {
    id: 'forum-dgrin-160556',
    source: 'photo-help-forums',
    kind: 'forum-post',
    text: 'Just before a soccer match shoot last week i must have knocked the exposure dial off-kilter and did not realize it. Of course that was the moment I took a couple of group pictures, setting up high expectations!\n\nI use the Nikon D40, and this was not in raw. Is there any way this can be fixed in PS CS2? I am just going to distribute electronically and not print, but this picture is not shareable! The data is ISO 200, F4.0, 1/200.',
    main: ['light-recovery', 'brightness', 'auto-levels', 'contrast'],
    split: 'held-out',
  },
  {
    id: 'forum-retouchpro-t13278',
    source: 'photo-help-forums',
    kind: 'forum-post',
    text: "I've been staring at this picture in my friend's house for the last few years and decided to try my hand at improving it. It's harder than I thoughtl. I'm a pro photographer so I could easily tell you how to retake the shot and make it look perfect. After the fact is another thing altogether. I didn't take this shot and would really like to hand over something much better than this. I'm so-so at Photoshop ( I have Photoshop 7) and would like the step by step to anyone who tries their hand at it. Thank you so much.",
    main: ['light-recovery', 'auto-levels', 'contrast', 'brightness', 'clarify', 'sharpen'],
    split: 'held-out',
  },
  {
    id: 'forum-adobe-2115503',
    source: 'photo-help-forums',
    kind: 'forum-post',
    text: "How do I (in essense) create a artifical bokeh/background blur?\n\nI'd like to smudge into oblivion anything in the background since I'm not adept at selecting and replacing unsuitable backgrounds.\n\nThe goal is that anyone else looking at the picture can't tell what was once there in the background.\n\nPlease, what options do I have?\n\nThanks so much.",
    main: ['background', 'blur'],
    split: 'held-out',
  },
  {
    id: 'service-freephotoediting-blur-background-002',
    source: 'photo-help-forums',
    kind: 'service-request',
    text: "Here's a photo of Salman Rushdie and Padma Laxmi in happier times. Please blur the people behind them... Too bad it didn't work out longer for them, don't you think. They were on my list of \"Favourite Odd Couples\". And it was more than their quaint height difference and age difference that drew me to them. Now what was it about this sexy cookery expert and the maverick, fatwa-worthy award winning writer...?",
    main: ['background', 'blur'],
    split: 'held-out',
  },
  {
    id: 'quoted-reddit-itp-fly-trap',
    source: 'photo-help-forums',
    kind: 'forum-post',
    text: 'Can somebody remove the fly trap in the background? Will tip.',
    main: ['remove-marked'],
    split: 'held-out',
  },
  {
    id: 'gh-issue-g4m3r0-ImageUpscaler-16',
    source: 'photo-help-forums',
    kind: 'issue-post',
    text: 'leave the person in the chair and choose a suitable background\n\nremove everything from the photo except the man in the blue shirt',
    main: ['background'],
    split: 'held-out',
  },
  {
    id: 'qa-photoshopsociety-blur-cluttered-backgrounds',
    source: 'photo-help-forums',
    kind: 'qa-post',
    text: 'I work for a newspaper and I"m often given submitted head and shoulder shots that we use with op-ed and new business articles. Typically the backgrounds are cluttered and interfere with the readability of the photos. Do you know of any quick way to blur just the backgrounds to improve the shots?',
    main: ['background', 'blur'],
    split: 'held-out',
  },
];
