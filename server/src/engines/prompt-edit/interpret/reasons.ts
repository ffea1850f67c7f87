/** What Chat to Edit can do, said whenever it has to say what it cannot. */
export const CAN_DO =
  'I can fix light and colour, make it black and white or sepia, sharpen, blur, crop, rotate, resize and ' +
  'upscale it, remove or replace the background, and remove people, animals, objects, date stamps and watermarks.';

/** Plain answers for wishes that cannot be done here, each with what can be done instead. */
export const CANNOT = {
  generate: `I can't add or invent new things in a photo. ${CAN_DO}`,
  style: `I can't repaint a photo in another style. ${CAN_DO}`,
  body: `I can't change how people look (age, shape, expression, hair). ${CAN_DO}`,
  colorize: `I can't bring colour back to a black and white photo. ${CAN_DO}`,
  find: (thing: string) =>
    `I can't find "${thing}" by myself yet. Paint over it in Object Removal mode and it will be erased.`,
  whatToRemove: 'Say what to remove, for example "remove the person on the left" or "remove the date stamp".',
  backgroundScene: `I can't put a new scene behind the subject. I can remove the background, blur it, or replace it with a plain colour.`,
  partialAdjustment: `I can only change the background as a whole: remove it, blur it, or replace it with a colour.`,
  sky: `I can't change the sky on its own yet. I can change the light and colour of the whole photo, or remove or replace the background behind a subject.`,
  straighten: `I can rotate in quarter turns (90° or 180°) but can't straighten a tilted horizon yet.`,
  cropShape: 'Say what shape to crop to, for example square, 4:5, 16:9 or "for Instagram".',
  nothing: `I didn't find an edit in that. ${CAN_DO}`,
};
