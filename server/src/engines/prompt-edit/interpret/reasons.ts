/** What Chat to Edit can do, said whenever it has to say what it cannot. */
export const CAN_DO =
  'I can fix light, colour casts and blur, straighten, crop to any size, resize and upscale it, make it black ' +
  'and white (or all but one part), fix red eyes, brighten eyes, whiten teeth, calm redness, add a vignette, ' +
  'blur faces or anything you show, remove or replace the background, and remove people, objects, date stamps, ' +
  'watermarks or anything you tap or paint.';

/** Plain answers for wishes that cannot be done here, each with what can be done instead. */
export const CANNOT = {
  generate: `I can't add or invent new things in a photo. ${CAN_DO}`,
  style: `I can't repaint a photo in another style. ${CAN_DO}`,
  body: `I can't change how people look (age, shape, expression, hair). ${CAN_DO}`,
  recolour: `I can't give things in a photo a new colour. ${CAN_DO}`,
  colorize: `I can't bring colour back to a black and white photo. ${CAN_DO}`,

  backgroundScene: `I can't put a new scene behind the subject. I can remove the background, blur it, or replace it with a plain colour.`,
  oneThing: `I can only change the light, colour and size of the whole photo, not of one thing in it. ${CAN_DO}`,
  partialAdjustment: `I can only change the background as a whole: remove it, blur it, or replace it with a colour.`,
  sky: `I can't change the sky on its own yet. I can change the light and colour of the whole photo, or remove or replace the background behind a subject.`,
  cropShape: 'Say what shape to crop to, for example square, 4:5, 16:9 or "for Instagram".',
  file: `I change the picture, not its file: a JPEG photo comes back as JPEG, any other as PNG. To make the file smaller, ask me to resize it, for example "make it 50 % smaller" or "1600 pixels wide".`,
  optics: `I can't correct perspective, lens distortion or colour fringing yet. I can straighten a tilted photo, sharpen it and fix its colour cast.`,
  nothing: `I didn't find an edit in that. ${CAN_DO}`,
};
