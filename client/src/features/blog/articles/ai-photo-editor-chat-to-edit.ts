import { ARTICLE_DATE, type Article } from '../model/article';

export const chatToEdit: Article = {
  slug: 'ai-photo-editor-chat-to-edit',
  title: 'Chat to Edit: How to Edit Photos by Describing the Change',
  description:
    'A practical guide to prompt-based photo editing: which instructions work, how to phrase them, and how to chain edits into a finished image.',
  date: ARTICLE_DATE,
  readTimeMinutes: 6,
  keywords: [
    'ai photo editor',
    'chat to edit',
    'edit photo with text',
    'prompt photo editing',
    'ai image editor online',
  ],
  mode: 'prompt-edit',
  intro:
    'Most photo edits people need are simple to say and fiddly to do: "remove the background", "make it warmer", "turn it black and white". Chat to Edit lets you type that sentence instead of hunting for sliders. This guide explains what the mode understands, how to write instructions that work the first time, and how to combine several edits into one finished picture.',
  sections: [
    {
      heading: 'What Chat to Edit does',
      blocks: [
        'Chat to Edit reads your instruction and turns it into a sequence of concrete operations, using the same engines as the other modes. "Remove the background and upscale it 2x" becomes a background removal followed by an upscale. Nothing is guessed silently: if an instruction asks for something the editor cannot do, you get a clear message that lists what it can do, rather than your unchanged photo presented as a result.',
        'Instructions it understands well include:',
        {
          list: [
            'Background: "remove the background", "replace the background with white", "blur the background".',
            'Colour and light: "brighten it", "make it warmer", "cooler tones", "black and white".',
            'Geometry: "rotate 90 degrees", "crop to a square".',
            'Quality: "upscale 2x", "enhance the face".',
            'Objects it can detect: "remove the person on the left", "remove the cup".',
          ],
        },
      ],
    },
    {
      heading: 'Writing instructions that work',
      blocks: [
        'Short, concrete sentences work best. Name the operation and, when it matters, the amount or the target.',
        {
          list: [
            'Say what, not how: "make it warmer" beats "add orange to the highlights and reduce blue in the shadows".',
            'One idea per clause: "crop to a square, then brighten slightly" is easier to follow than a long paragraph.',
            'Be specific about objects: "remove the bottle on the table" is better than "clean it up".',
            'Give numbers when you have them: "upscale 4x", "rotate 180 degrees".',
          ],
        },
        {
          tip: 'If a result is close but not quite right, press Edit More where it is offered, or run a second, smaller instruction on the result instead of rewriting the first one.',
        },
      ],
    },
    {
      heading: 'A step-by-step example',
      blocks: [
        'Say you have a product photo of a mug on a cluttered desk and you want a clean listing image.',
        {
          ordered: true,
          list: [
            'Open the editor, choose Chat to Edit and drop the photo into the upload zone.',
            'Type "remove the background" and press Edit with Prompt.',
            'Compare before and after with the slider. If the cut-out is clean, download it, or keep going.',
            'Upload the result again and type "upscale 2x" to get a sharper, larger image for zoomable listings.',
          ],
        },
        'Each processing run uses one credit, so splitting a job into two instructions costs two edits. For simple jobs a single combined instruction is cheaper; for tricky ones, two steps give you a chance to check the middle result.',
      ],
    },
    {
      heading: 'When to use a dedicated mode instead',
      blocks: [
        'Chat to Edit is the fastest route for global changes. For precise local work, the dedicated modes give you more control:',
        {
          list: [
            'Watermark Removal and Object Removal let you paint exactly the pixels to replace, with brush, eraser, undo and zoom.',
            'Background Removal always gives a transparent PNG, ready for a store listing.',
            'Professional Headshot frames and tones a portrait like a studio photo.',
          ],
        },
        'A good rule: if you can point at it, paint it; if you can say it, type it.',
      ],
    },
    {
      heading: 'Privacy and file formats',
      blocks: [
        'You can upload JPG, JPEG, PNG and WebP files: up to 10 MB on the free plan and 25 MB on paid plans. Images are private to your account, and location data and other metadata are stripped from what is stored. Processing usually takes seconds, depending on the size of the photo and the operations in your instruction.',
      ],
    },
    {
      heading: 'Instructions for common jobs',
      blocks: [
        'These ready-made instructions cover the requests people make most often. Copy one, then adjust the details to your photo.',
        {
          list: [
            'Online shop listing: "remove the background and replace it with white". Marketplaces favour a plain white backdrop, and the product stays untouched.',
            'Social media post: "crop to a square and make it warmer". A square crop suits most feeds, and warmer tones flatter skin and food.',
            'Portrait with a busy background: "blur the background". The subject stays sharp while the clutter behind them softens, like a wide-aperture lens.',
            'Old scanned print: "enhance the face, then upscale 2x". Faces gain definition, and the larger file prints better.',
            'Moody landscape: "black and white, a little brighter". Removing colour makes texture and light the subject.',
          ],
        },
        'Notice the pattern: each instruction names one or two operations and says how much. That is all the editor needs.',
      ],
    },
    {
      heading: 'Mistakes to avoid',
      blocks: [
        {
          list: [
            'Asking for artistic styles the editor does not offer, such as "make it look like a watercolour". You will get a clear message instead of a result; use the listed operations.',
            'Vague goals such as "make it better" or "fix it". Name what is wrong: too dark, too blue, crooked, cluttered.',
            'Stacking many edits in one long instruction. Two or three steps per run are easy to check; ten are hard to untangle if one goes wrong.',
            'Forgetting to check the result at full size. Drag the before/after handle across the areas that changed before downloading.',
          ],
        },
      ],
    },
  ],
  faq: [
    {
      question: 'Do I need an account to use Chat to Edit?',
      answer:
        'Yes. You sign in with your Google account, which takes a few seconds. The free plan gives you 5 edits on the day you sign up and 1 edit every day after that.',
    },
    {
      question: 'What happens if the editor does not understand my instruction?',
      answer:
        'It tells you so and lists the kinds of edits it can carry out. It never returns your unchanged photo as if it were a result.',
    },
    {
      question: 'Can I combine several edits in one instruction?',
      answer:
        'Yes. Instructions such as "remove the background and upscale 2x" are split into steps and run in order, as one processing run.',
    },
    {
      question: 'Which file formats can I upload?',
      answer:
        'JPG, JPEG, PNG and WebP, up to 10 MB on the free plan and up to 25 MB on the Monthly and Yearly plans.',
    },
  ],
};
