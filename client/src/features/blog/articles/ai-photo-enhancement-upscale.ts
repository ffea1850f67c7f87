import { ARTICLE_DATE, type Article } from '../model/article';

export const enhanceUpscale: Article = {
  slug: 'ai-photo-enhancement-upscale',
  title: 'AI Photo Enhancement and Upscaling: Sharper, Bigger, Better Photos',
  description:
    'When to use face enhancement and when to upscale 2x or 4x: how AI upscaling differs from resizing, and how to prepare photos for print and the web.',
  date: ARTICLE_DATE,
  readTimeMinutes: 5,
  keywords: [
    'ai photo enhancer',
    'upscale image',
    'ai upscaler 4x',
    'enhance face photo',
    'increase image resolution',
  ],
  mode: 'image-upscale',
  intro:
    'A small, soft photo can be made larger and sharper. Cleanup Studio has two modes for it: Image Upscale enlarges any photo 2x or 4x, and Face Enhancement retouches faces and upscales 2x. This guide explains what each does, which to pick, and how to get results that hold up in print.',
  sections: [
    {
      heading: 'Upscaling is not resizing',
      blocks: [
        'Classic resizing spreads the existing pixels over a larger grid and smooths the gaps, which makes edges soft. An AI upscaler is a neural network trained on pairs of small and large images: it predicts plausible fine detail, so edges stay crisp and textures such as fabric, foliage and hair look natural at the new size.',
        'The detail is predicted, not recovered. Text too small to read in the original will not become readable, and a face that is a blur of a few pixels will not become a portrait.',
      ],
    },
    {
      heading: 'Image Upscale: 2x or 4x',
      blocks: [
        {
          list: [
            '2x doubles width and height (four times the pixels): the right choice for most web and social uses.',
            '4x multiplies each side by four: for small originals headed to print or large screens.',
            'Very large results are capped by plan (36 megapixels on Free, 100 megapixels on paid plans), so a 4x of an already large photo may need 2x instead.',
          ],
        },
        {
          tip: 'Clean first, upscale last. After removing an object or a watermark, use AI Upscale (2x) on the result screen instead of uploading again.',
        },
      ],
    },
    {
      heading: 'Face Enhancement',
      blocks: [
        'Face Enhancement finds the faces in your photo, retouches skin texture, sharpens eyes and features within the faces, corrects tone, and upscales the whole image 2x. It is made for portraits, group photos and old family pictures where faces matter most. If no face is found, the whole image is enhanced and the result tells you no face was detected.',
      ],
    },
    {
      heading: 'Which one should I use?',
      blocks: [
        {
          list: [
            'Portrait, selfie, group photo, old family picture: Face Enhancement.',
            'Product, landscape, artwork, screenshot: Image Upscale.',
            'A headshot for LinkedIn or a team page: Professional Headshot, which also frames and lights the portrait.',
          ],
        },
      ],
    },
    {
      heading: 'Preparing for print',
      blocks: [
        "Print needs about 300 pixels per inch for close viewing. A 10 x 15 cm (4 x 6 inch) print needs roughly 1200 x 1800 pixels; an A4 print needs about 2480 x 3508. Divide the size you need by your photo's size to choose between 2x and 4x, and pick the smaller factor that reaches it.",
      ],
    },
    {
      heading: 'A workflow for old family photos',
      blocks: [
        {
          ordered: true,
          list: [
            'Scan the print at 600 dpi if you can; a good scan beats any enhancement.',
            'Use Object Removal or Watermark Removal for scratches, dust and date stamps first.',
            'Run Face Enhancement to bring back definition in faces and to double the size.',
            'If you need an even larger print, run Image Upscale 2x on the result.',
            'Compare before and after at full size, and keep the original scan alongside the enhanced copy.',
          ],
        },
        {
          tip: 'Process one face-heavy photo first and check the skin texture before doing a whole album; very small faces gain less than faces that fill part of the frame.',
        },
      ],
    },
  ],
  faq: [
    {
      question: 'How much can I enlarge a photo?',
      answer:
        'Image Upscale offers 2x and 4x. Face Enhancement always upscales 2x. Results are capped at 36 megapixels on the free plan and 100 megapixels on paid plans.',
    },
    {
      question: 'Will upscaling fix a blurry photo?',
      answer:
        'It sharpens edges and adds plausible detail, which helps mildly soft photos a lot. It cannot recover detail that was never captured, such as unreadable text.',
    },
    {
      question: 'What happens if Face Enhancement finds no face?',
      answer: 'The whole image is enhanced and upscaled anyway, and the result says that no face was found.',
    },
    {
      question: 'Does each upscale use a credit?',
      answer:
        'Yes, each successful processing run uses one edit, including the quick AI Upscale (2x) on the result screen.',
    },
  ],
};
