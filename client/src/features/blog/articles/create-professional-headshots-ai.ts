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
        'The mode finds the person in your photo, separates them from the background, places head and shoulders on a neutral studio backdrop, frames the crop the way photographers frame headshots, and balances the tone. Your face is not replaced or regenerated: it is your photo, cleaned and framed. If no person is found, you get a clear message instead of a result.',
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
