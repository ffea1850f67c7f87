import { ARTICLE_DATE, type Article } from '../model/article';

export const removeWatermarks: Article = {
  slug: 'remove-watermarks-online-free',
  title: 'Remove Watermarks Online for Free: A Responsible Guide',
  description:
    'Remove date stamps, logos and text from your own photos: when it is allowed, how to mask watermarks well, and how to fix what remains.',
  date: ARTICLE_DATE,
  readTimeMinutes: 5,
  keywords: [
    'remove watermark',
    'watermark remover online free',
    'remove logo from photo',
    'remove date stamp',
    'remove text from image',
  ],
  mode: 'watermark-removal',
  intro:
    'Old camera date stamps, your own studio logo on a photo you now want to reuse, text burned into a scan: watermarks get in the way of your own pictures. Watermark Removal erases them by rebuilding the image underneath. First, a word on when you may do it.',
  sections: [
    {
      heading: 'Only on images you own or may edit',
      blocks: [
        "Watermarks often protect someone else's work. Use Watermark Removal only on images you own or are licensed to edit: your own photos, your company's assets, or images whose licence allows modification. Removing a watermark from a stock photo or another photographer's image to avoid paying for it is a copyright infringement in most countries.",
        {
          list: [
            'Fine: your own date stamps, your own logos, scans of your family photos, client images you are contracted to retouch.',
            "Not fine: stock previews, photos from social media or other people's portfolios.",
          ],
        },
      ],
    },
    {
      heading: 'How watermark removal works',
      blocks: [
        'You paint over the watermark; an inpainting model rebuilds the pixels under the mask from the surrounding image. Thin text and small logos over natural textures are the easiest. Large, semi-transparent watermarks tiled across the whole photo are the hardest, because there is little clean image left to learn from.',
      ],
    },
    {
      heading: 'Masking text and logos',
      blocks: [
        {
          list: [
            'Paint over every letter with a brush slightly wider than the strokes of the text; a thin margin removes anti-aliased edges.',
            'For a logo with a box or shadow, include the box and the shadow.',
            'Zoom in to 150-200% for small text and paint letter by letter rather than one large rectangle.',
            'Semi-transparent watermarks still need a full mask: the model replaces pixels, it does not subtract the overlay.',
          ],
        },
        {
          tip: 'For a watermark repeated across the image, work region by region with Edit More; each pass gives the next one cleaner surroundings.',
        },
      ],
    },
    {
      heading: 'Step by step',
      blocks: [
        {
          ordered: true,
          list: [
            'Sign in and open the editor in Watermark Removal mode.',
            'Upload your photo (JPG, PNG or WebP).',
            'Paint over the watermark and press Remove Watermark.',
            'Compare before and after, then download, or use Edit More to touch up what remains.',
            'Optional: AI Upscale (2x) enlarges the cleaned result.',
          ],
        },
      ],
    },
    {
      heading: 'Hard cases and how to approach them',
      blocks: [
        {
          list: [
            'Watermarks over faces or text: the model has to invent detail it cannot see. Work in small passes and compare carefully; sometimes cropping the area out is the better choice.',
            'Watermarks across sharp edges, such as a horizon or a building outline: paint in short sections so each fill sees the edge on both sides.',
            'Large tiled patterns: start with the copies over plain areas such as sky, then the ones over detail. Each pass leaves more clean image for the next.',
            'Heavily compressed images: JPEG blocks around the watermark can remain. Paint a slightly wider margin, then upscale 2x to smooth what is left.',
          ],
        },
      ],
    },
    {
      heading: 'Protecting your own photos',
      blocks: [
        "If you publish your own work, a watermark is a weak defence: modern tools remove simple ones easily. Combine it with other measures: publish at a modest resolution, keep the originals private, add your name and licence to the file's metadata in your own archive, and state your licence terms next to the picture. A watermark placed over important detail, in several places, is harder to remove than a small one in a corner.",
      ],
    },
  ],
  faq: [
    {
      question: 'Is it legal to remove a watermark?',
      answer:
        "It is fine on images you own or are licensed to edit. Removing a watermark from someone else's work without permission usually infringes their copyright.",
    },
    {
      question: 'Can it remove a date stamp from an old photo?',
      answer:
        'Yes. Date stamps are small and sit over natural textures, which makes them one of the easiest cases.',
    },
    {
      question: 'Is watermark removal free?',
      answer: 'The free plan includes it: 5 edits on the day you sign up, then 1 edit per day.',
    },
    {
      question: 'Why can I still see a faint outline?',
      answer:
        'The mask missed the soft edge of the watermark. Use Edit More and paint a slightly wider stroke over the outline.',
    },
  ],
};
