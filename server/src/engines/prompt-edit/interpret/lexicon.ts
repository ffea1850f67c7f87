/** A set of words written as one comma-separated list, which reads better than a column of quoted strings. */
export const words = (list: string): ReadonlySet<string> => new Set(list.split(/\s*,\s*/));

/**
 * The words of edits, by lemma (wink's dictionary form: "brighter" is "bright", "colours" is "colour"). The
 * grammar in wishes.ts decides what they mean together; here is only what each word can stand for.
 */

/** "Is" as a finite verb, which tells how a thing is: "it is cut off", "the original is attached". */
export const FINITE_BE = words("is, are, was, were, 's");

/** Whose a thing is: "my scans", "her eyes". */
export const POSSESSIVES = words('my, his, her, their, our, your');

/** The photo itself, as people name it. */
export const PHOTO = words('photo, picture, image, pic, shot, photograph');

export const REMOVE = words(
  'remove, erase, delete, eliminate, lose, wipe, hide, ditch, drop, vanish, disappear, rid, clear, kill, nuke, scrub, strip, exclude, omit, edit, photoshop, cleanup',
);
/** "take the guy out", "cut him out of the shot": a verb that removes only with "out" or "off". */
export const REMOVE_WITH_OUT = words(
  'take, cut, crop, get, clean, edit, photoshop, remove, rub, move, clone, paint, airbrush',
);

/** Wishes for content that is not in the photo: nothing local can make it. */
export const GENERATE = words(
  'add, insert, draw, put, give, wear, attach, place, paint, generate, create, transform, swap, replace, change, colorize, colourise, colorise, colourize, extend, expand, uncrop, outpaint, animate, morph, restyle, stylize, stylise, cartoonify, imagine, move, reposition',
);
export const STYLE_WORDS = words(
  'cartoon, anime, manga, painting, sketch, drawing, watercolor, watercolour, pixar, ghibli, disney, gogh, picasso, monet, cyberpunk, comic, pencil, lego, claymation, oil, pop-art, illustration, caricature, avatar, zombie, superhero, renaissance, impressionist, bevel, emboss, embossed',
);
export const BODY_CHANGES = words(
  'young, thin, slim, skinny, chubby, fat, muscular, tall, short, smile, frown, happy, sad, tan, tanned, makeup, lipstick, beard, moustache, mustache, bald, blonde, blond, redhead, eye, eyes, hair, hairstyle, nose, lip, teeth, weight, age, gender, expression, breast, breasts, boob, butt, waist, hip, hips, belly, stomach, thigh, leg, legs, muscle, muscles, makeup, beard, eyebrow, eyebrows, jawline, chin, body, figure, posture, pose',
);
export const SCENE_CHANGES = words(
  'sky, sunset, sunrise, rainbow, snow, rain, night, fireworks, beach, moon, stars, dragon, unicorn, hat, sunglasses, glasses, crown, flower, balloon, santa',
);

export const BRIGHT = words(
  'bright, brighten, brightness, lightness, lighten, lighter, illuminate, lit, exposure, light',
);
export const DARK = words('dark, darken, dim, darkness, moody');
export const CONTRAST = words('contrast, contrasty, punchy, punch, depth, drama, dramatic');
export const FLAT = words('flat, lifeless');
/** A complaint that asks for less contrast. */
export const HARSH = words('harsh, contrasty, overcontrasted, crushed');
export const VIVID = words(
  'vivid, vibrant, saturate, saturation, saturated, colourful, colorful, pop, vibrancy, rich, bold, intense, intensity, lively, liven, zing, zingy',
);
export const MUTED = words(
  'muted, mute, desaturate, desaturated, subdued, pastel, subtle, dull, faded, washed, bland, oversaturated, oversaturation',
);
export const GRAYSCALE = words(
  'monochrome, mono, grayscale, greyscale, noir, colourless, colorless, achromatic',
);
export const SEPIA = words(
  'sepia, vintage, retro, antique, nostalgic, old-timey, oldtimey, aged, victorian, old-fashioned',
);
export const WARM = words('warm, warmth, golden, cosy, cozy, sunny, warmer');
export const COOL = words('cool, cold, cooler, icy, chilly, wintry');
/** Colours whose filter, or more of which, makes a photo warmer or cooler. */
export const WARM_HUES = words('orange, yellow, yellowness, gold, golden, amber, warm, sunny, red');
export const COOL_HUES = words('blue, blueness, bluish, blueish, cyan, teal, cool, cold, icy');
export const COLOUR = words('colour, color, colouring, coloring, tone, hue, tint, cast');
export const FIX = words(
  'fix, correct, repair, balance, adjust, normalize, normalise, neutral, natural, true, real, realistic, off, weird, wrong, strange, funny, colourfix, bad, poor, awful, terrible, horrible',
);
export const AUTO = words(
  'auto, automatic, automatically, level, levels, lighting, underexposed, overexposed, exposure',
);
export const ENHANCE = words(
  'enhance, improve, better, nicer, best, quality, touchup, retouch, restore, polish, beautify, professional, pro, clean',
);
export const SHARP = words(
  'sharp, sharpen, crisp, crispen, crispy, unblur, deblur, focus, clarity, clear, clearer, detail, defined, definition, sharpness',
);
export const BLURRY = words('blurry, blurred, fuzzy, soft, unfocused, hazy, smudgy');
/** A veil over the whole photo, which contrast lifts. */
export const HAZE = words('haze, hazy, dehaze, murky, milky, veiled');
export const NOISE = words(
  'noise, noisy, grain, grainy, denoise, despeckle, speckle, speckled, pixelated, artifact, artefact, compression, jpeg',
);
/** Words of a photo that leans, and of levelling it. */
export const TILT = words(
  'straighten, straight, horizon, tilt, tilted, crooked, wonky, askew, slanted, slant, skewed, skew, lopsided, uneven, unlevel, leaning',
);
export const BLUR = words('blur, soften, gaussian, dreamy, blurry, bokeh, defocus');
export const ROTATE = words(
  'rotate, rotation, turn, spin, upsidedown, sideways, straighten, tilt, orientation, orient',
);
export const FLIP = words('flip, mirror, reflect, reverse, flop');
/** The verbs that cut a photo or a thing out of it: "crop the top off", "cut the dog out". */
export const CUTTING = words('crop, recrop, trim, cut, chop');
export const CROP = words('crop, recrop, square, ratio, aspect, trim, reframe, frame, format, shorten');
export const RESIZE = words(
  'resize, scale, width, height, wide, tall, high, px, pixel, small, smaller, tiny, shrink, downscale, downsize, half, size, dimension',
);
export const UPSCALE = words(
  'upscale, enlarge, big, bigger, large, larger, resolution, highres, hd, 4k, fourk, eightk, upsize, upres, magnify, double, twice, quadruple, pixels, megapixel, megapixels, res, poster, canvas, dpi, ppi',
);
export const BACKGROUND = words('background, backdrop, bg, backround, behind, surroundings, scenery');
export const TRANSPARENT = words(
  'transparent, transparency, isolate, cutout, png, alpha, clear, nothing, empty, blank',
);
export const FACE = words(
  'face, faces, skin, complexion, blemish, pimple, acne, zit, wrinkle, pore, spot, freckle, portrait, selfie, eyebag, circle, scar',
);
/**
 * What tells that red eyes are red in their whites, not in the pupils a flash lit: veins, crying, allergy,
 * tiredness ("tears" is also a torn print's, so it is left out).
 */
export const BLOODSHOT = words(
  'bloodshot, vein, veins, veiny, cry, crying, cried, allergy, allergies, hayfever, tired, sleepy, irritated, hungover, hangover, sclera',
);
/** A look that is the photo's own, done right ("like the real thing", "like a pro camera took it"): no style. */
/** How a photo looks when nothing in it is off: "make it look natural". */
export const NATURAL = words('natural, naturally, realistic, lifelike, natural-looking');
export const TRUE_TO_LIFE = words(
  'real, reality, life, natural, realistic, true, accurate, camera, dslr, professional, pro, studio, lens',
);
/** Parts of a person where skin shows: where redness is sunburn and a shadow is on the skin. */
export const SKIN_PARTS = words(
  'skin, face, cheek, cheeks, nose, complexion, neck, forehead, arm, arms, chest, shoulder',
);
export const SKIN = words(
  'skin, complexion, blemish, pimple, acne, zit, wrinkle, pore, spot, smooth, smoothen, soften, airbrush, flawless, scar, imperfection, eyebag',
);
/** What a professional-looking photo may show other than a person: "it's for my real estate listing". */
export const NOT_PORTRAITS = words(
  'estate, listing, property, house, apartment, flat, room, interior, airbnb, hotel, product, menu, food, dish, car, shop, store, ebay, etsy, amazon',
);
/** Words that ask for a portrait whatever else a post names. */
export const PORTRAITS = words('headshot, linkedin, passport, portrait, profile, cv, resume, me, myself');
export const HEADSHOT = words(
  'headshot, linkedin, passport, corporate, cv, resume, résumé, business, id, professional, studio, profile',
);

/** Words that make an amount small, large, or turn a wish around. */
export const SMALL = words(
  'bit, little, slightly, slight, touch, tad, somewhat, gently, gentle, subtly, mildly, smidge, hint, tiny',
);
export const LARGE = words(
  'lot, lots, much, very, way, really, super, significantly, heavily, strongly, extremely, massively, seriously, ton, tons, loads, considerably, drastically, hugely, dramatically, quite, properly',
);
export const LESS = words('less, lower, decrease, reduce, down, tone, minus, fewer, weaken, soften');
export const MORE = words(
  'more, increase, boost, raise, up, higher, enhance, plus, add, extra, strengthen, pump, crank, bump',
);
/** Words before an adjective that make it a complaint ("too dark", "it's blurry"), which asks for the opposite. */
export const COMPLAINT = words(
  "too, so, overly, kinda, kind, bit, rather, pretty, is, are, 'its, its, s, was, look, seem, very, quite, super, way, really, bit, abit, little, somewhat, all, be, got, get, come, came, turn, turned, end",
);
export const NEGATION = words("not, n't, no, never, without, dont, nothing");

/** Pronouns that are the subject of what the writer tells: "we lost our dog", "the logo I added". */
export const PERSONAL_SUBJECTS = words('i, we, she, he, they');

/** Words that thank or sign off ("thanks in advance", "thx", "tia"): the wish before them has ended. */
export const SIGN_OFF = words('thanks, thank, thx, tia, cheers');

/** Words that tie several wishes together and so end one clause. */
export const JOINERS = words(
  'and, then, also, plus, afterwards, afterward, after, next, finally, lastly, but, additionally, lastly',
);

export const POSITIONS = {
  left: 'left',
  right: 'right',
  top: 'top',
  upper: 'top',
  above: 'top',
  bottom: 'bottom',
  lower: 'bottom',
  below: 'bottom',
  middle: 'center',
  center: 'center',
  centre: 'center',
  central: 'center',
  biggest: 'biggest',
  largest: 'biggest',
  big: 'biggest',
  large: 'biggest',
  main: 'biggest',
  smallest: 'smallest',
  small: 'smallest',
  tiny: 'smallest',
  little: 'smallest',
} as const;
export const ALL = words('all, every, each, both, everyone, everybody, any, those, these, them');
/** Someone who is not the subject: "the guy behind me", "people in the background", "photobomber". */
export const BACKGROUND_PEOPLE = words(
  'except, behind, background, back, photobomber, photobombing, stranger, strangers, random, passerby, bystander, tourist, extra, other, others, distance, far',
);

export const ORDINALS: Record<string, number> = {
  first: 0,
  '1st': 0,
  second: 1,
  '2nd': 1,
  third: 2,
  '3rd': 2,
  fourth: 3,
  '4th': 3,
  fifth: 4,
  '5th': 4,
  sixth: 5,
  '6th': 5,
  seventh: 6,
  '7th': 6,
  eighth: 7,
  '8th': 7,
  ninth: 8,
  '9th': 8,
  tenth: 9,
  '10th': 9,
};

export const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  eight: 8,
  ten: 10,
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  hundred: 100,
  half: 50,
  quarter: 25,
  double: 2,
  twice: 2,
  triple: 3,
  quadruple: 4,
};

/** Backdrop colours people name, as #rrggbb. */
export const COLOURS: Record<string, string> = {
  white: '#ffffff',
  black: '#000000',
  grey: '#808080',
  gray: '#808080',
  'light grey': '#d3d3d3',
  'light gray': '#d3d3d3',
  'dark grey': '#404040',
  'dark gray': '#404040',
  silver: '#c0c0c0',
  charcoal: '#36454f',
  red: '#d62828',
  'dark red': '#8b0000',
  maroon: '#800000',
  pink: '#ffc0cb',
  'hot pink': '#ff69b4',
  'light pink': '#ffd1dc',
  orange: '#ff8c00',
  yellow: '#ffd700',
  gold: '#d4af37',
  beige: '#f5f5dc',
  cream: '#fffdd0',
  ivory: '#fffff0',
  tan: '#d2b48c',
  brown: '#8b5a2b',
  green: '#2e8b57',
  'light green': '#90ee90',
  'dark green': '#006400',
  mint: '#98ff98',
  olive: '#808000',
  teal: '#008080',
  turquoise: '#40e0d0',
  cyan: '#00bcd4',
  blue: '#1e64c8',
  'light blue': '#add8e6',
  'sky blue': '#87ceeb',
  'baby blue': '#a1caf1',
  'dark blue': '#00008b',
  navy: '#000080',
  'navy blue': '#000080',
  'royal blue': '#4169e1',
  purple: '#800080',
  violet: '#8f00ff',
  lavender: '#e6e6fa',
  lilac: '#c8a2c8',
  magenta: '#ff00ff',
  'off white': '#f8f8f2',
  'off-white': '#f8f8f2',
  studio: '#d9d9d9',
  neutral: '#d9d9d9',
};
