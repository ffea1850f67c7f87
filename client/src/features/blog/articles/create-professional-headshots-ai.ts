import { ARTICLE_DATE, type Article } from '../model/article';

export const headshots: Article = {
  slug: 'create-professional-headshots-ai',
  title: 'Create Professional Headshots With AI From a Simple Photo',
  description:
    'Turn a casual portrait into a studio-style headshot for LinkedIn, a CV or a team page: what photo to start from and how to get a natural result.',
  date: ARTICLE_DATE,
  readTimeMinutes: 5,
  keywords: [
    'ai headshot generator',
    'professional headshot',
    'linkedin photo',
    'corporate headshot ai',
    'profile picture',
  ],
  mode: 'professional-photo',
  intro:
    'A good headshot opens doors, but a studio session takes time and money. Professional Headshot turns a well-lit portrait taken with your phone into a head-and-shoulders picture with a clean studio backdrop, framed and toned like a professional headshot. Here is how to get one that still looks like you.',
  sections: [
    {
      heading: 'What the mode does',
      blocks: [
        'The mode finds your face, levels your eyes, separates you from the background with fine hair kept, and frames head and shoulders the way headshot guides do: the top of your head a little below the top edge, your face in the middle and about half the width of the picture. It evens out the exposure and colour on your skin, lifts a shadowed side of the face a little, applies a subtle retouch, and sets you on a studio backdrop: grey (the default), white, light blue, charcoal, a colour of your choice, or your own background blurred like a portrait lens. Your face is not replaced or regenerated: it is your photo, cleaned and framed. With several people in the photo, the editor asks you to tap the person the headshot is for; without a tap it takes the largest, most central face and tells you so; if no face is found, or the face is too small (under 80 pixels wide), you get a clear message instead of a result and keep your credit.',
        {
          image: {
            src: '/generated/blog/headshot-example-navy-portrait.webp',
            alt: 'A navy portrait in front of a flag, and the headshot made of it on a grey studio backdrop',
            width: 898,
            height: 480,
            caption:
              'Made by Professional Headshot with the default options: the flag and the wall give way to the studio grey, the face is levelled and framed, the uniform kept.',
          },
        },
        {
          image: {
            src: '/generated/blog/headshot-example-sepia-portrait.webp',
            alt: 'An old sepia portrait of a man in a dark suit, and the headshot made of it on a light blue backdrop',
            width: 1031,
            height: 480,
            caption:
              'An old print on the light blue backdrop: the dark suit against the dark studio wall stays whole, shoulders included.',
          },
        },
      ],
    },
    {
      heading: 'Start from the right photo',
      blocks: [
        {
          list: [
            'Face the camera, or turn slightly, with both eyes visible.',
            'Use soft daylight from a window in front of you; avoid strong light from behind.',
            "Hold the phone at eye level, about an arm's length away, or ask someone to take it.",
            'Include your shoulders: the framing needs them.',
            'Wear what you would wear to the meeting: the mode changes the background, not your clothes.',
          ],
        },
        {
          tip: 'Take ten photos and pick the one with the most relaxed expression; it matters more than any edit.',
        },
      ],
    },
    {
      heading: 'Step by step',
      blocks: [
        {
          ordered: true,
          list: [
            'Sign in and open the editor in Professional Headshot mode.',
            'Upload your portrait (JPG, PNG or WebP).',
            "Choose a backdrop and a size: square 1024 x 1024 for profile pictures, 4:5 (1080 x 1350) for feeds and CVs, print (1200 x 1500), LinkedIn (800 x 800, the face larger) or passport style (35 x 45 mm at 600 dpi; check your country's rules).",
            'Press Create Professional Photo.',
            'Compare with the original and download.',
            'Optional: run Face Enhancement on the result for extra sharpness and a 2x upscale.',
          ],
        },
      ],
    },
    {
      heading: 'Using your headshot',
      blocks: [
        "Professional networks and CVs favour a square or 4:5 crop with the face in the upper third, which is how the mode frames it. For a team page, create every colleague's headshot the same way: the shared backdrop and tone make the page look like one photo session.",
      ],
    },
    {
      heading: 'Common mistakes',
      blocks: [
        {
          list: [
            'Shooting from below: a phone held at chest height makes the chin and nose dominant. Raise it to eye level.',
            'Mixed light: a window on one side and a yellow lamp on the other gives two colour casts on one face. Switch the lamp off.',
            'Too far away: a full-body shot leaves few pixels for the face once it is cropped. Fill most of the frame with head and shoulders.',
            'Busy patterns on clothing: fine stripes can shimmer after resizing. Plain, mid-tone tops look best.',
            'Heavy filters from a camera app: they fight with the tone correction. Start from the unfiltered photo.',
          ],
        },
      ],
    },
    {
      heading: 'Headshot or portrait retouch?',
      blocks: [
        'Professional Headshot replaces the background and reframes the picture. If you like your background and only want a sharper, cleaner face, use Face Enhancement instead: it keeps the scene, retouches the skin, sharpens the features and upscales 2x. Many people run both: Face Enhancement on the original for sharing with friends, and Professional Headshot for work profiles.',
      ],
    },
  ],
  faq: [
    {
      question: 'Will the headshot still look like me?',
      answer:
        "Yes. The mode keeps your own face; it changes the background, the framing and the tone, like a photographer's retouch.",
    },
    {
      question: 'What if my photo has several people?',
      answer:
        'Crop it to one person first for the best framing. If no person is found, the editor tells you instead of returning a result.',
    },
    {
      question: 'Is it included in the free plan?',
      answer:
        'Yes. Every plan can use all seven modes; the free plan gives 5 edits on signup day and 1 per day after.',
    },
    {
      question: 'Which photo works best?',
      answer: 'A sharp, front-lit portrait at eye level that shows your head and shoulders.',
    },
  ],
};
