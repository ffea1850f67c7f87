import { words } from './lexicon';
import { isKindOfAny, kindOf, senseOffset, sensesCounted } from './wordnet';

/**
 * The things "remove the X" can find: the 80 COCO classes the detector reports, each under the words people use
 * for it, and the text marks the mark detector finds. Keys are lemmas (singular, lower case); a two-word name
 * is joined with a space.
 */

const COCO_SYNONYMS: Record<string, string> = {
  person:
    'person, people, everyone, everybody, man, men, woman, women, guy, gal, lady, gentleman, kid, child, children, boy, girl, baby, toddler, tourist, photobomber, stranger, someone, somebody, human, passerby, pedestrian, bystander, crowd, dude, fellow, friend, couple, figure, individual, adult, teenager, teen',
  bicycle: 'bicycle, bike, cycle',
  car: 'car, automobile, vehicle, suv, van, taxi, cab, sedan',
  motorcycle: 'motorcycle, motorbike, scooter, moped',
  airplane: 'airplane, aeroplane, plane, jet, aircraft',
  bus: 'bus, coach',
  train: 'train, tram',
  truck: 'truck, lorry, pickup',
  boat: 'boat, ship, yacht, canoe, kayak, sailboat',
  'traffic light': 'traffic light, stoplight',
  'fire hydrant': 'fire hydrant, hydrant',
  'stop sign': 'stop sign',
  'parking meter': 'parking meter',
  bench: 'bench',
  bird: 'bird, pigeon, seagull, gull, duck, crow, sparrow, parrot',
  cat: 'cat, kitty, kitten',
  dog: 'dog, puppy, pup, doggo, doggy, pooch, hound',
  horse: 'horse, pony',
  sheep: 'sheep, lamb',
  cow: 'cow, cattle, bull, calf',
  elephant: 'elephant',
  bear: 'bear',
  zebra: 'zebra',
  giraffe: 'giraffe',
  backpack: 'backpack, rucksack',
  umbrella: 'umbrella, parasol',
  handbag: 'handbag, purse, bag',
  tie: 'tie, necktie',
  suitcase: 'suitcase, luggage',
  frisbee: 'frisbee',
  skis: 'ski, skis',
  snowboard: 'snowboard',
  'sports ball': 'ball, football, soccer ball, basketball, sports ball',
  kite: 'kite',
  'baseball bat': 'baseball bat, bat',
  'baseball glove': 'baseball glove, glove, mitt',
  skateboard: 'skateboard',
  surfboard: 'surfboard',
  'tennis racket': 'tennis racket, racket, racquet',
  bottle: 'bottle',
  'wine glass': 'wine glass, glass',
  cup: 'cup, mug, coffee cup',
  fork: 'fork',
  knife: 'knife',
  spoon: 'spoon',
  bowl: 'bowl',
  banana: 'banana',
  apple: 'apple',
  sandwich: 'sandwich',
  orange: 'orange',
  broccoli: 'broccoli',
  carrot: 'carrot',
  'hot dog': 'hot dog, hotdog',
  pizza: 'pizza',
  donut: 'donut, doughnut',
  cake: 'cake',
  chair: 'chair, stool',
  couch: 'couch, sofa',
  'potted plant': 'potted plant, plant, houseplant, pot plant',
  bed: 'bed',
  'dining table': 'dining table, table',
  toilet: 'toilet',
  tv: 'tv, television, telly, screen, monitor',
  laptop: 'laptop, notebook computer, computer',
  mouse: 'mouse',
  remote: 'remote, remote control',
  keyboard: 'keyboard',
  'cell phone': 'cell phone, phone, smartphone, mobile, iphone, cellphone',
  microwave: 'microwave',
  oven: 'oven, stove',
  toaster: 'toaster',
  sink: 'sink',
  refrigerator: 'refrigerator, fridge',
  book: 'book',
  clock: 'clock',
  vase: 'vase',
  scissors: 'scissors',
  'teddy bear': 'teddy bear, teddy, stuffed animal, plush',
  'hair drier': 'hair drier, hair dryer, hairdryer',
  toothbrush: 'toothbrush',
};

export type TextTarget = 'date-stamp' | 'text' | 'watermark';

const TEXT_SYNONYMS: Record<TextTarget, string> = {
  'date-stamp': 'date stamp, datestamp, date, timestamp, time stamp, date imprint, date code, number, digit',
  watermark: 'watermark, logo, signature, copyright, stamp, brand, branding, trademark',
  text: 'text, quote, quotation, heading, headline, barcode, qr code, initials, caption, word, writing, letter, lettering, subtitle, username, handle, url, website, web address, link, label, sticker text, title, text overlay, text box, text block',
};

/** A phrase (one or two lemmas) to what it names. Two-word phrases are looked up before single words. */
export const OBJECT_NAMES = new Map<string, { label: string } | { text: TextTarget }>();
for (const [label, names] of Object.entries(COCO_SYNONYMS))
  for (const name of words(names)) OBJECT_NAMES.set(name, { label });
for (const [target, names] of Object.entries(TEXT_SYNONYMS) as [TextTarget, string][])
  for (const name of words(names)) OBJECT_NAMES.set(name, { text: target });

/** Plural forms the lemmatiser leaves alone, and plurals of a class that means "all of them". */
export const PLURALS = words(
  'people, men, women, children, kids, crowd, couple, cattle, skis, scissors, luggage',
);

/**
 * Things people ask to remove that no local detector finds; the answer then points to the brush. Any other
 * unknown noun after "remove" gets the same answer with its own words.
 */
export const UNDETECTABLE = words(
  'tree, branch, power line, line, wire, cable, pole, sign, building, house, cloud, sky, shadow, reflection, glare, hair, flyaway, trash, rubbish, litter, garbage, bin, fence, wall, rock, stone, leaf, weed, grass, dust, scratch, spot, stain, mark, thing, object, item, stuff, glasses, sunglasses, hat, earring, tattoo, lamp, post, mountain, crane, scaffolding, balloon, flag, poster, frame, border, lens flare, flare, trash bag, garbage bag, bin bag, plastic bag, paper bag, sleeping bag, tea bag',
);

/**
 * The WordNet senses that stand for each detector class ("word#sense", senses numbered as WordNet numbers
 * them), for nouns the lists above lack: whatever is a kind of one of these is found as that class. A sense is
 * named where the first is not the thing ("table#2" is furniture, "mouse#4" the computer's).
 */
const ANCHORS: Record<string, { label: string; also?: string[] }> = {
  'person#1': { label: 'person' },
  'bicycle#1': { label: 'bicycle' },
  'car#1': { label: 'car', also: ['truck'] },
  'motorcycle#1': { label: 'motorcycle' },
  'airplane#1': { label: 'airplane' },
  'bus#1': { label: 'bus', also: ['truck'] },
  'train#1': { label: 'train' },
  'truck#1': { label: 'truck', also: ['car'] },
  // An RV, a tractor, a camper: whichever of these the detector says it looks like
  'self-propelled vehicle#1': { label: 'truck', also: ['car', 'bus'] },
  'boat#1': { label: 'boat' },
  'bird#1': { label: 'bird' },
  'cat#1': { label: 'cat' },
  'dog#1': { label: 'dog' },
  'horse#1': { label: 'horse' },
  'sheep#1': { label: 'sheep' },
  'cattle#1': { label: 'cow' },
  'bear#1': { label: 'bear' },
  'backpack#1': { label: 'backpack' },
  'umbrella#1': { label: 'umbrella' },
  'bag#4': { label: 'handbag' },
  'necktie#1': { label: 'tie' },
  'bag#6': { label: 'suitcase' },
  'ball#1': { label: 'sports ball' },
  'bottle#1': { label: 'bottle' },
  'glass#2': { label: 'wine glass' },
  'cup#1': { label: 'cup' },
  'bowl#3': { label: 'bowl' },
  'chair#1': { label: 'chair' },
  'sofa#1': { label: 'couch' },
  'houseplant#1': { label: 'potted plant' },
  'bed#1': { label: 'bed' },
  'table#2': { label: 'dining table' },
  'television receiver#1': { label: 'tv' },
  'laptop#1': { label: 'laptop' },
  'telephone#1': { label: 'cell phone' },
  'book#2': { label: 'book' },
  'clock#1': { label: 'clock' },
  'vase#1': { label: 'vase' },
  'teddy#1': { label: 'teddy bear' },
};

let anchors: Map<number, { label: string; also?: string[] }> | undefined;

/** The detector class a noun is a kind of by WordNet ("RV" -> truck, also car or bus), or null. */
export function detectorClassOf(noun: string): { label: string; also?: string[] } | null {
  if (!/^[a-z][a-z-]+$/.test(noun)) return null;
  anchors ??= new Map(
    Object.entries(ANCHORS).flatMap(([name, kind]) => {
      const [word, sense] = name.split('#');
      const offset = senseOffset(word, 'noun', Number(sense));
      return offset === null ? [] : [[offset, kind] as const];
    }),
  );
  const kind = kindOf(noun, anchors, 1);
  // ("the baby's pacifier": a peacemaker first only because no use of the word was ever counted; a thing made
  // by hand as much, which the person shows rather than a whole person going)
  if (kind?.label === 'person' && !sensesCounted(noun, 'noun') && isAlsoMade(noun)) return null;
  return kind;
}

/** Whether one of a noun's senses is a thing made: an artifact in WordNet. */
function isAlsoMade(noun: string): boolean {
  return isKindOfAny(noun, ['artifact'], 3);
}
