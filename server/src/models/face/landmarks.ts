/**
 * Outlines on facemesh's 468 landmarks, each a closed polygon in order (MediaPipe's canonical face mesh
 * numbering, as Human's `meshAnnotations`). "Right" and "left" are the person's own.
 */
export const LANDMARKS = {
  /** The face oval from the top of the forehead round the chin. */
  oval: [
    10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176,
    149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109,
  ],
  /** The oval's upper arc, temple to temple over the forehead, where skin meets hair. */
  hairline: [234, 127, 162, 21, 54, 103, 67, 109, 10, 338, 297, 332, 284, 251, 389, 356, 454],
  rightEye: [33, 246, 161, 160, 159, 158, 157, 173, 133, 155, 154, 153, 145, 144, 163, 7],
  leftEye: [263, 466, 388, 387, 386, 385, 384, 398, 362, 382, 381, 380, 374, 373, 390, 249],
  rightBrow: [156, 70, 63, 105, 66, 107, 55, 193, 65, 52, 53, 46, 124, 35],
  leftBrow: [383, 300, 293, 334, 296, 336, 285, 417, 295, 282, 283, 276, 353, 265],
  lipsOuter: [61, 185, 40, 39, 37, 0, 267, 269, 270, 409, 291, 375, 321, 405, 314, 17, 84, 181, 91, 146],
  /** The lips' inner edge, corner to corner over the upper lip and back under it: an open mouth's opening. */
  lipsInner: [78, 191, 80, 81, 82, 13, 312, 311, 310, 415, 308, 324, 318, 402, 317, 14, 87, 178, 88, 95],
  /** The nose's wings and the bottom of its tip: the nostrils lie between them. */
  noseWings: [98, 2, 327],
} as const;

export type LandmarkOutline = keyof typeof LANDMARKS;
