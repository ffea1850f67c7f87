import { ARTICLE_DATE, type Article } from '../model/article';

export const magicEraser: Article = {
  slug: 'free-magic-eraser-tool',
  title: 'Free Magic Eraser Tool: Erase Anything From a Photo in Seconds',
  description:
    'How a magic eraser works, how to paint a good mask, and the tricks that make erased areas blend in, with a free plan to try it.',
  date: ARTICLE_DATE,
  readTimeMinutes: 6,
  keywords: [
    'magic eraser',
    'free magic eraser',
    'erase objects from photo',
    'ai eraser online',
    'photo cleanup tool',
  ],
  mode: 'object-removal',
  intro:
    'A magic eraser removes what you paint over and fills the gap with a believable continuation of the surroundings. It is the quickest way to clean a stray cable, a photobomber or a speck of dust from a photo. Here is how it works and how to get clean results on the first try.',
  sections: [
    {
      heading: 'How a magic eraser fills the gap',
      blocks: [
        'When you paint over part of a photo, you create a mask: a map of the pixels to replace. An inpainting model then predicts what should be there, using the texture, colour and structure around the mask. Cleanup Studio runs a chain of inpainting providers and always ends with a local algorithm that needs no external service, so an answer comes back even when a cloud provider is unavailable.',
        'The model does not know what was really behind the object; it invents a plausible background. That is why the eraser shines on grass, sky, walls, sand, fabric and other repeating textures, and needs more care on faces, text or detailed patterns.',
      ],
    },
    {
      heading: 'Painting a good mask',
      blocks: [
        {
          list: [
            'Cover the whole object plus a small margin. Shadows and reflections belong to the object: paint them too, or a ghost remains.',
            "Choose a brush size close to the object's width. The size slider runs from 5 to 100; large brushes on small objects erase more background than needed.",
            'Zoom in (up to 200%) for thin objects such as wires or hair, and use the eraser tool to take back paint that spilled over.',
            'Undo and redo step through your strokes, so experiment freely.',
          ],
        },
        {
          tip: 'Several small, separate objects are easier to fill well than one large blob. Paint them as separate strokes in one mask.',
        },
      ],
    },
    {
      heading: 'Step by step',
      blocks: [
        {
          ordered: true,
          list: [
            'Sign in with Google and open the editor in Object Removal mode.',
            'Drop your photo into the upload zone, or click to browse.',
            'Paint over everything you want gone, then press Remove Object.',
            'Drag the before/after handle to check the edges of the filled area.',
            'Happy? Download. Not quite? Use Edit More to keep working on the result, with Erase to remove more or Restore to bring original pixels back.',
          ],
        },
      ],
    },
    {
      heading: 'Getting the most out of the free plan',
      blocks: [
        'The free plan includes every mode. You get 5 edits on the day you sign up, then 1 edit per day; each successful processing run uses one edit, and failed runs are refunded. To stretch your edits, mark every unwanted object in one mask and remove them in a single run instead of one at a time.',
        'If you clean photos every week, for a shop or a portfolio, the Monthly plan gives 100 edits per month and uploads up to 25 MB.',
      ],
    },
    {
      heading: 'What to erase, and what to leave',
      blocks: [
        'A magic eraser is at its best on small distractions that pull the eye away from the subject. Typical candidates:',
        {
          list: [
            'Dust spots, scratches and sensor specks on scans and old digital photos.',
            'Stray cables, street signs, litter and parking meters in travel shots.',
            'Photobombers and passers-by near the edges of the frame.',
            'Blemishes on plain surfaces: a stain on a tablecloth, a crack in a wall, a smudge on a window.',
            'Date stamps and small logos on your own photos (the Watermark Removal mode is tuned for these).',
          ],
        },
        'Leave alone anything that is part of the story or that a viewer would expect to see. Removing a person from the centre of a group photo, or a structural element of a building, often leaves a scene that looks subtly wrong even when the fill is clean.',
      ],
    },
    {
      heading: 'Magic eraser versus clone stamp',
      blocks: [
        'Traditional editors offer a clone stamp: you choose a source area and paint its pixels over the unwanted object. It gives full control, but it takes skill and time, and repeated textures are easy to spot. A magic eraser does the choosing for you: it looks at everything around the mask at once and synthesises new pixels that continue lines, gradients and textures. For most everyday clean-ups it is faster and looks more natural; for pixel-exact restoration work, a clone stamp in a desktop editor still has its place.',
        {
          tip: 'If a fill is almost right, run a second, smaller pass over just the imperfect area instead of repainting the whole mask.',
        },
      ],
    },
  ],
  faq: [
    {
      question: 'Is the magic eraser really free?',
      answer:
        'Yes. The free plan includes the magic eraser and every other mode: 5 edits on your signup day, then 1 per day. Paid plans add more edits and larger uploads.',
    },
    {
      question: 'Why does the filled area look blurry or repeated?',
      answer:
        'The mask is probably much larger than the object, or it covers detailed structure. Paint a tighter mask, remove large objects in two passes, or zoom in to paint thin parts precisely.',
    },
    {
      question: 'Can I undo part of an erase after processing?',
      answer:
        'Yes. Choose Edit More on the result, switch to Restore, and paint where you want the original pixels back.',
    },
    {
      question: 'How long does erasing take?',
      answer: 'Usually a few seconds; large photos and large masks take longer.',
    },
  ],
};
