import { ARTICLE_DATE, type Article } from '../model/article';

export const removeObjects: Article = {
  slug: 'remove-objects-from-photos',
  title: 'How to Remove Objects From Photos: A Complete Guide',
  description:
    'Remove people, cars, signs and clutter from your photos: choosing what to remove, masking technique, fixing edges, and exporting a clean result.',
  date: ARTICLE_DATE,
  readTimeMinutes: 5,
  keywords: [
    'remove objects from photos',
    'object removal',
    'remove people from photo',
    'photo clutter removal',
    'inpainting',
  ],
  mode: 'object-removal',
  intro:
    'A great photo is often ruined by one thing: a tourist in the frame, a bin by the door, a power line across the sky. Object removal lets you mark that thing and replace it with background that matches the rest of the image. This guide walks through the whole process, from judging whether a removal will work to fixing the last visible edge.',
  sections: [
    {
      heading: 'Decide what can be removed cleanly',
      blocks: [
        'Object removal rebuilds the hidden background from what surrounds it. Before you start, look at what lies behind the object:',
        {
          list: [
            'Easy: sky, water, grass, sand, plain walls, road surface, out-of-focus backgrounds.',
            'Medium: brick, tiles, foliage, crowds in the distance; regular patterns are continued, but check alignment.',
            'Hard: objects covering faces, text, straight architectural lines crossing the gap, or more than about a quarter of the frame.',
          ],
        },
        'For hard cases, split the job: remove the object in two or three smaller passes, each with a tight mask, and check the result between passes.',
      ],
    },
    {
      heading: 'Masking technique',
      blocks: [
        'The mask is the single biggest factor in quality. The translucent purple stroke shows what you painted; everything under it is replaced.',
        {
          list: [
            'Include the shadow and any reflection of the object, or they stay behind as a dark smudge.',
            'Leave a small margin of a few pixels around the outline. Halo pixels of the old object confuse the fill.',
            'Do not paint far beyond the object: every extra pixel is one the model has to invent.',
            'Use zoom (50% to 200%) for precision and the eraser tool to trim overspill.',
          ],
        },
        {
          tip: 'The brush size scales with the photo, so the same slider position covers a similar share of a small and a large image.',
        },
      ],
    },
    {
      heading: 'Removing the object',
      blocks: [
        {
          ordered: true,
          list: [
            'Open the editor in Object Removal mode and upload a JPG, PNG or WebP photo.',
            'Paint the mask as described above, then press Remove Object.',
            'Drag the comparison handle across the filled area and look at the edges at 100% zoom.',
            'If something remains, press Edit More and paint only the leftover area. Each pass uses one edit.',
            'Download the result; the file is named processed- followed by your original file name.',
          ],
        },
      ],
    },
    {
      heading: 'Fixing common problems',
      blocks: [
        {
          list: [
            'A ghost outline remains: the mask was too tight. Edit More, paint a slightly wider stroke over the outline only.',
            'A repeated texture looks stamped: the mask was very large. Restore part of it and remove the object in two halves.',
            'A straight line bends: paint the gap in shorter sections along the line so each fill sees both ends.',
            'Too much was removed: in Edit More, switch to Restore and paint to bring back the original pixels.',
          ],
        },
      ],
    },
    {
      heading: 'Upscale after cleaning',
      blocks: [
        'Results of Object Removal and Watermark Removal can be enlarged straight away with AI Upscale (2x) from the result screen. It is handy when you cropped tightly around the subject and need a larger image for print or a marketplace listing.',
      ],
    },
    {
      heading: 'Examples by kind of photo',
      blocks: [
        {
          list: [
            'Travel: remove tourists near the edges, signposts and bins. Keep landmarks whole; if a person overlaps a landmark, remove them in two passes.',
            'Real estate: remove cables, clutter on counters, and personal photos on walls. Straight lines of walls and floors look best when masks are narrow and follow the object closely.',
            'Products: remove dust, fingerprints and price stickers before taking the product into Background Removal.',
            'Portraits: remove a stray hair across the background, a lamp post "growing" out of a head, or a bright distraction behind the subject.',
          ],
        },
      ],
    },
  ],
  faq: [
    {
      question: 'Can I remove a person from a group photo?',
      answer:
        'Yes, when the background behind them is visible around them. People at the edge of the frame or in front of simple backgrounds give the best results.',
    },
    {
      question: 'Does object removal lower the image quality?',
      answer:
        'Only the masked area is rebuilt; the rest of the photo keeps its pixels. You can upscale the result 2x afterwards if you need a larger file.',
    },
    {
      question: 'How many objects can I remove at once?',
      answer:
        'As many as you paint in one mask. Several small objects in one run cost one edit; very large areas look better when done in passes.',
    },
    {
      question: 'Which formats are supported?',
      answer: 'JPG, JPEG, PNG and WebP, up to 10 MB on the free plan and 25 MB on paid plans.',
    },
  ],
};
