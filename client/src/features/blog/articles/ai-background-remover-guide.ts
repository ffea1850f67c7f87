import { ARTICLE_DATE, type Article } from '../model/article';

export const backgroundRemover: Article = {
  slug: 'ai-background-remover-guide',
  title: 'AI Background Remover: The Complete Guide to Transparent PNGs',
  description:
    'Remove photo backgrounds automatically and get a transparent PNG: how it works, how to shoot for clean cut-outs, and how to use the result for products and profiles.',
  date: ARTICLE_DATE,
  readTimeMinutes: 5,
  keywords: [
    'ai background remover',
    'remove background',
    'transparent png',
    'product photo background',
    'background eraser',
  ],
  mode: 'background-removal',
  intro:
    'A transparent cut-out is the starting point for product listings, thumbnails, stickers, slides and profile pictures. Background Removal does it in one click: it finds the subject, separates it from everything else, and gives you a PNG with a transparent background. This guide explains how it works and how to get edges that look hand-cut.',
  sections: [
    {
      heading: 'How automatic background removal works',
      blocks: [
        'A segmentation model looks at the whole photo and estimates, for every pixel, how much it belongs to the main subject. The result is an alpha matte: fully opaque on the subject, fully transparent on the background, and partly transparent along soft edges such as hair and fur. Cleanup Studio uses a commercially licensed background remover and returns the cut-out as a PNG, the format that keeps transparency.',
      ],
    },
    {
      heading: 'Shoot for a clean cut-out',
      blocks: [
        {
          list: [
            'Contrast helps: a dark product on a light table, or a person in front of a plain wall.',
            'Keep the whole subject in frame; cropped edges stay cropped.',
            'Soft, even light avoids harsh shadows that can be mistaken for part of the subject.',
            'Sharp focus on the edges gives crisper mattes than a blurred outline.',
          ],
        },
        {
          tip: 'Busy backgrounds work too; the model handles clutter well. Contrast at the outline matters more than a plain background.',
        },
      ],
    },
    {
      heading: 'Step by step',
      blocks: [
        {
          ordered: true,
          list: [
            'Sign in and open the editor in Background Removal mode.',
            'Upload a JPG, PNG or WebP photo.',
            'Press Remove Background. There is nothing to paint.',
            'Compare before and after: the checkerboard shows the transparent areas.',
            'Download the PNG.',
          ],
        },
      ],
    },
    {
      heading: 'Using your cut-out',
      blocks: [
        {
          list: [
            'Marketplaces: many require a white or light background. Place the PNG on white in any design tool, or ask Chat to Edit to "replace the background with white".',
            'Profile pictures: put the cut-out on a brand colour for a consistent team page.',
            'Slides and thumbnails: layer the subject over text or graphics for a polished look.',
            'Stickers: the transparent PNG works directly in most messaging and design apps.',
          ],
        },
      ],
    },
    {
      heading: 'Tricky subjects and how to handle them',
      blocks: [
        {
          list: [
            'Glass and transparent objects: the background shows through them, so the matte keeps some transparency. Shoot against a plain backdrop so what shows through is neutral.',
            'Subjects that match the background: a white mug on a white table has weak edges. Add a coloured sheet behind it, or light it from the side for a visible outline.',
            'Several subjects: people standing apart may be treated as one subject or as the main one only. Crop to what you want before processing.',
            'Thin details such as bicycle spokes or plant stems: shoot sharp and large in the frame; tiny details at the edge of resolution can be dropped.',
          ],
        },
      ],
    },
    {
      heading: 'Product photo checklist',
      blocks: [
        'Online shops see more clicks on clean, consistent photos. Before uploading a catalogue, run through this list:',
        {
          ordered: true,
          list: [
            'Shoot every product from the same angle and distance, in the same light.',
            'Clean the product: dust and fingerprints show more on a plain background. Object Removal can take care of the ones you miss.',
            'Remove the background and download each PNG.',
            'Place every cut-out on the same backdrop and canvas size, with the product filling most of the frame.',
            'Check the marketplace rules for background colour and minimum size; upscale 2x if your photos fall short.',
          ],
        },
      ],
    },
  ],
  faq: [
    {
      question: 'What format is the result?',
      answer: 'A PNG with a transparent background, so you can place the subject on anything.',
    },
    {
      question: 'Does it work with hair and fur?',
      answer:
        'Yes. The matte keeps partial transparency along soft edges, which keeps hair and fur natural. Sharp focus and contrast at the outline help.',
    },
    {
      question: 'Is background removal included in the free plan?',
      answer:
        'Yes. Every plan can use all seven modes. The free plan gives 5 edits on the day you sign up and 1 edit every day after that.',
    },
    {
      question: 'How big can my photo be?',
      answer: 'Up to 10 MB on the free plan and up to 25 MB on the Monthly and Yearly plans.',
    },
  ],
};
