/**
 * The rewrites made to a request before the language model reads it: phrases that must not be split or misread
 * become one token ("black and white", "get rid of", "1920x1080", "un-blur"), and words that are no wish drop out
 * ("in photoshop", "add support for").
 */
import { COLOURS, PHOTO } from './lexicon';

/** The lexicon's colour names in a rewrite's pattern, the longest first ("light grey" before "grey"). */
const COLOUR_NAMES = Object.keys(COLOURS)
  .sort((a, b) => b.length - a.length)
  .join('|');

/** "it", "this", "the photo", "this old picture": the photo as a whole, in a rewrite's pattern. */
const THE_PHOTO = `(?:it|this|that|(?:the|this|my|that)(?:\\s+old)?(?:\\s+monochrome)?\\s+(?:${[...PHOTO, 'one'].join('|')}))`;
/** Where a wish ends in a rewrite's pattern: the request's end, a stop, or a word after the wish. */
const WISH_ENDS = '(?=\\s*(?:$|[.!?,;:]|please|again|thanks?\\b|for\\b|and\\b))';

/**
 * Phrases that must not be split or misread, rewritten to one token before wink reads the text: "black and
 * white" is one wish, not two; "get rid of" is "remove"; "1920x1080" and "800px" are numbers with units.
 */
export const REWRITES: [RegExp, string][] = [
  [
    /\b(?:black|blak|balck|blck|blac|bkack)\s*(?:and|&|n|'n'|-and-|\/|an)\s*(?:white|whtie|whit|wite|whte|whie)\b|\bb\s*(?:&|\/|and)\s*w\b|\bbnw\b|\bbw\b/g,
    ' monochrome ',
  ],
  // ("make the picture black white except for the eyes": the "and" left out)
  [
    /\bblack\s+white\b(?=\s*(?:$|[.,!]|except|but|filter|effect|photo|picture|image|version)\b)/g,
    ' monochrome ',
  ],
  [/\bgrey\s*scale\b|\bgray\s*scale\b/g, ' monochrome '],
  [/\bget\s+rid\s+of\b|\bgit\s+rid\s+of\b/g, ' remove '],
  // "touch it up" asks for a better photo; "to touch the ground" does not
  [/\btouch(?:ed|es|ing)?[\s-]*up\b/g, ' touchup '],
  [/\btouch(?:ed|es|ing)?\s+(it|this|that|them|her|him)\s+up\b/g, ' touchup $1 '],
  // "his eye glasses": the glasses, not his eyes
  [/\beye[\s-]+glass(es)?\b/g, ' eyeglass$1 '],
  // "blow it up": enlarged, not destroyed (WordNet's first sense)
  [/\bblow(?:n|s|ing)?\s+up\b/g, ' enlarge '],
  [/\bblow(?:n|s|ing)?\s+(it|this|that|them)\s+up\b/g, ' enlarge $1 '],
  [/\bupside[\s-]down\b/g, ' upsidedown '],
  // "the best way to brighten it": a way of doing it, not the "way" of "way too dark"
  [/\b(the|a|any|best|easiest|quickest|simplest|another|some|no|this|that|which)\s+ways?\b/g, '$1 method'],
  // "mountain back drop": the backdrop, not a wish to drop something
  [/\bback[\s-]drop\b/g, ' backdrop '],
  // "un-blur", "de-noise", "re-size": an edit's verb with its prefix set off
  [/\b(un|de|re|up|down)-(?=(?:blur|noise|size|scale|saturate|sample|colou?r)\w*\b)/g, '$1'],
  // "add support for removing text", "add an option to blur the background": a feature asked of the app is
  // the edit itself, nothing added to the photo
  [
    /\b(?:add|adding|need|want)\s+(?:support|an?\s+(?:option|feature|button|setting|mode|tool|way|method)|the\s+(?:ability|option))\s+(?:for|to)\b/g,
    ' ',
  ],
  // "remove the background while preserving hair details": what is kept, which asks for no change of it
  [/\bwhile\s+(?:preserving|keeping|maintaining|retaining|protecting)\b[^.,;!?]*/g, ' '],
  // "bring out the colours", "bring out the details": more of them
  [/\bbr(?:ing|ings|inging|ought)\s+out\b/g, ' enhance '],
  // "make it a close-up", "a closeup of her face": closer in, as a crop
  [/\b(?:an?\s+)?close[\s-]?up\b/g, ' zoom in '],
  // "put a blur on the faces", "apply a blur over his face": the faces blurred (a background keeps its own reading)
  [/\b(?:put|add|apply|place)\s+(?:a\s+|some\s+)?blur\s+(?:on|over)\b/g, ' blur '],
  // "the cast on my arm": a plaster cast, not a colour cast
  [
    /\bcast(?=\s+(?:on|around)\s+(?:my|his|her|their|the|a)\s+(?:arm|leg|wrist|foot|hand|ankle|elbow|knee)s?\b)/g,
    ' plaster ',
  ],
  // "the shadow cast by the tree": thrown, not a colour cast
  [/\bcast\s+(?=by\b)/g, ' thrown '],
  // "face enhancement", "photo restoration", "colorization": an edit named as a noun, said as its verb
  [
    /\b(faces?|facial|portraits?)\s+(?:enhancement|enhancer|enhancing|restoration|restorer)\b/g,
    ' enhance $1 ',
  ],
  [/\bcolou?ri[sz](?:ation|er|ing)\b/g, ' colorize '],
  [/\b(?:denois(?:ing|er)|noise\s+reduction)\b/g, ' denoise '],
  // ("inpainting" is split as run-together words before the rewrites)
  [/\b(?:in\s?painting|inpaint)(?:\s+(?:support|feature|tool|option|mode))?\b/g, ' erase '],
  // "implement object eraser", "add watermark remover", "support face enhancement": a tool asked of the app
  // is its edit, nothing added to the photo
  [
    /\b(?:add|adding|implement|support|supporting|provide|include|introduce|integrate)\s+(?:an?\s+|the\s+)?(?=(?:[a-z-]+\s+){0,2}(?:remover|removal|eraser)s?\b|(?:enhance|denoise|deblur|dehaze|upscale|erase)\b)/g,
    ' ',
  ],
  // "please add auto straighten", "add a one-click enhance": the feature asked for is the edit
  [
    /\b(?:add|adding)\s+(?:an?\s+)?(?:auto(?:matic)?|one[\s-]click)\s+(?=straighten|enhance|crop|denoise|sharpen|upscale|rotate)/g,
    ' ',
  ],
  // "remove a tattoo in photoshop": the program the person knows, not part of the thing
  [/\b(?:in|with|using|on)\s+(?:photoshop|lightroom|gimp|snapseed|canva|picsart|pixlr|facetune)\b/g, ' '],
  [/\b(anti|counter)[\s-]?clockwise\b/g, ' anticlockwise '],
  [/\bhi[\s-]?res\b|\bhigh[\s-]res(olution)?\b/g, ' highres '],
  [/\b(\d+)\s*(px|pixels?)\b/g, ' $1 px '],
  // "at 300 dpi for printing": a print's resolution, more pixels; its number is no size ("72 dpi" none)
  [/\b(?:[2-9]\d\d|\d{4})\s*(?:dpi|ppi)\b/g, ' highres '],
  [/\b\d+\s*(?:dpi|ppi)\b/g, ' '],
  [/\b([24])\s*x\b/g, ' $1 times '],
  // "make it 4K": one word for the grammar, which wink would split into a number and a "k"
  [/\b4\s*k\b/g, ' fourk '],
  [/\b8\s*k\b/g, ' eightk '],
  [/\b(\d+)\s*k\b/g, ' $1k '],
  [/#([0-9a-f]{6})\b/g, ' hex$1 '],
  [/\s&\s/g, ' and '],
  // "brighter&remove the dog": two wishes joined without spaces (after "b&w" was read above)
  [/\b([a-z]{3,})&([a-z]{3,})\b/g, '$1 and $2'],
  // "everyone but me", "black and white but keep the red": an exception, not a second wish
  [/\b(everyone|everybody|everything|all|people|them)\s+but\s+/g, ' $1 except '],
  [/\bbut\s+(keep|leave)\b/g, ' except $1 '],
  // ("black and white but the eyes": a thing after the "but" is kept, "but brighter" is a second wish)
  [/\bmonochrome\s+but\s+(?=(?:the|her|his|their|my|its|our|your|for)\b)/g, ' monochrome except '],
  [/\bexcept\s+for\b/g, ' except '],
  // "brilliant/shiny": two words for one wish, not two wishes
  [/\b([a-z]{3,})\/([a-z]{3,})\b/g, '$1 or $2'],
  // "bring it back to life", "make it look like new": a restoration
  [/\b(bring|brought|get)\b(.{0,40}?)\bback to life\b/g, ' restore $2 '],
  [/\b(look|looks|looking)\s+(like\s+|as\s+good\s+as\s+)(brand\s+)?new\b/g, ' restore '],
  // "the glare of the sun. Thanks": a stop after a word, which wink would take for an abbreviation ("Sun.")
  // ("zoom in. Original file...": "in." is no inch here)
  [/(?<=\b[a-z]{2,})\.(?=\s|$)/g, ' . '],
  [/\bplz\b|\bpls\b/g, ' please '],
  // "get rid of the ppl in the back", "less yellow n brighter", "on the rite side": chat spellings
  [/\bppl\b/g, ' people '],
  [/(?<=\b[a-z]{2,})\s+n\s+(?=[a-z]{2,}\b)/g, ' and '],
  [/\brite\s+(?=side|hand|corner)/g, ' right '],
  // "the moire pattern on this scanned magazine photo": a print's screen, which a denoise smooths
  [
    /\bmoir(?:e|é|ee)(?:\s+(?:pattern|effect|lines))?\b|\bhalftone(?:\s+(?:dots|pattern|screen))?\b/g,
    ' noise ',
  ],
  // "make the writing on the sign readable": clearer
  [/\b(?:more\s+)?(?:readable|legible)\b/g, ' clearer '],
  // "remove the date, its orange": "it's" written without its apostrophe, before what it is
  [
    new RegExp(
      `\\bits\\s+(?=(?:too|so|very|really|kinda|pretty|quite|way|super|just|a|an|not|the|${COLOUR_NAMES})\\b)`,
      'g',
    ),
    ' it is ',
  ],
  // "long time lurker, first time poster": the writer, not a print size
  [/\b(?:first|1st|long)[\s-]*time\s+(?:poster|lurker|user|redditor|caller)\b/g, ' '],
  // "make it less drab lmk if you need the file": a sign-off, and no noun for "drab" to describe
  [/\blmk\b/g, ' . let me know '],
  [/\bu\b/g, ' you '],
  [/\bpic\b|\bpix\b/g, ' picture '],
  [/\bbg\b|\bback\s+ground\b/g, ' background '],
  // "extract the product from the background", "separate the dog from its surroundings": a cut-out
  [
    /\b(?:extract|separate|lift)(?:ed|s|ing)?\s+(?=.{1,40}?\s+(?:from|off|out\s+of)\s+(?:the|its|their|his|her)\s+(?:background|backdrop|surroundings)\b)/g,
    ' isolate ',
  ],
  // "put it on pure white": on a backdrop of that colour
  [
    new RegExp(
      `\\b(it|them|him|her|this)\\s+on\\s+(?:an?\\s+)?(?:(?:pure|plain|solid|clean|bright)\\s+)?(${COLOUR_NAMES})\\b(?!\\s+(?:background|backdrop))`,
      'g',
    ),
    ' $1 on a $2 background ',
  ],
  [
    new RegExp(
      `\\bon\\s+(?:an?\\s+)?(?:pure|plain|solid)\\s+(${COLOUR_NAMES})\\b(?!\\s+(?:background|backdrop))`,
      'g',
    ),
    ' on a $1 background ',
  ],
  [/\bfly[\s-]+aways?\b/g, ' flyaway '],
  // "the bags under my eyes", "dark circles under her eyes": skin to retouch, not a change of the eyes
  [
    /\b(?:dark\s+)?(?:bags|circles)\s+(?:under|beneath|below)\s+(?:my|his|her|their|our|the)?\s*eyes\b|\beye\s*bags\b/g,
    ' eyebags ',
  ],
  [/\bcolou?r[\s-]?correct(ion|ed)?\b/g, ' colourfix '],
  [/\bwhite[\s-]?balanc(?:e|ed|ing)\b/g, ' colourfix '],
  // "yellowed with age", "discoloured": a cast that time left, to take out
  [/\byellow(?:ed|ing)\b/g, ' yellow tint '],
  [/\bdiscolou?red\b/g, ' colourfix '],
  // "change it from black and white to colour": a colourisation
  [/\bfrom\s+monochrome\s+(?:to|into)\s+colou?r(?:ed|s)?\b/g, ' colorize '],
  // "make the photo colored", "colour this photo", "add colour to this black and white photo": a colourisation
  // ("make it colorful" is more saturated; "colour the sky blue" names a colour; "colored pencil" a style)
  [
    new RegExp(
      `\\b(?:make|turn|get)\\s+${THE_PHOTO}\\s+(?:in(?:to)?\\s+|to\\s+)?colou?r(?:ed|s)?${WISH_ENDS}`,
      'g',
    ),
    ' colorize it ',
  ],
  // (the verb at a wish's start: "saturate the colour in the image" is no colourisation)
  [
    new RegExp(
      `(?<=(?:^|[.!?,;:]|\\bplease|\\byou|\\band|\\bthen)\\s*)colou?r\\s+${THE_PHOTO}${WISH_ENDS}`,
      'g',
    ),
    ' colorize it ',
  ],
  [
    /\badd\s+(?:some\s+|more\s+)?colou?rs?\s+(?:back\s+)?(?:to|in|into)\s+(?:this|the|my|it)\b(?=[^.]*\bmonochrome\b)/g,
    ' colorize ',
  ],
  // "fix this black and white photo", "turn my black and white picture into a painting": the photo as it is,
  // not the wish ("make it a black and white photo" is one)
  [
    new RegExp(
      `\\b(this|the|that|my|our|these|those|his|her|their|your)(\\s+old)?\\s+monochrome\\s+(?=(?:${[...PHOTO].join('|')})s?\\b)`,
      'g',
    ),
    ' $1$2 ',
  ],
];
