// Word lists behind the heuristic cleaner. Plain data, kept apart so the rules stay readable.

/** Nouns that make a display name a business ("Luxe Hair Studio", "Summit Roofing"). */
export const BUSINESS_WORDS = new Set(
  `studio studios bakery cafe café coffee fitness gym marketing agency dental dentistry clinic design designs
  boutique grooming realty solutions restaurant skincare roofing construction daycare detailing auto yoga law
  group cleaning services service landscaping pilates films photography media salon spa shop store official
  labs lab bar kitchen grill pizza pizzeria nursery florist flowers plumbing orthodontics wellness beauty
  academy consulting productions events catering bistro brewery winery apparel clothing jewelry jewellery
  interiors furniture homes properties estate insurance travel tours hotel resort motors garage repair collective
  co company corp inc llc ltd gmbh partners associates enterprises industries foundation institute school
  church center centre club barbershop lounge market supply supplies tattoo nails lashes cosmetics fashion
  records music house network digital creative creatives films hq team official_account brand brands
  organics farm farms kitchens bakes treats sweets dessert desserts bridal pets pet vet veterinary hospital
  pharmacy optical optometry chiropractic physio therapy massage medspa aesthetics barbers tailoring`.split(
    /\s+/,
  ),
);

/** Job titles that are not a company ("Amy Nguyen | Nail Artist", "Carlos Mendez | Realtor"). */
export const ROLE_WORDS = new Set(
  `artist realtor photographer blogger influencer creator model mua stylist trainer coach therapist agent broker
  consultant author speaker chef dentist doctor nurse teacher designer writer editor entrepreneur founder ceo
  owner esthetician barber makeup planner videographer filmmaker musician singer dj actor actress vlogger
  youtuber podcaster nutritionist dietitian lawyer attorney accountant engineer developer`.split(/\s+/),
);

export const TITLES = new Set([
  'dr',
  'dr.',
  'mr',
  'mr.',
  'mrs',
  'mrs.',
  'ms',
  'ms.',
  'prof',
  'prof.',
  'coach',
  'chef',
]);

export const CREDENTIALS = new Set(
  'md dds dmd phd mba cpa rn np pa lmft lcsw lpc do dvm esq jd msc bsc ma ba pc'.split(' '),
);

export const NAME_SUFFIXES = new Set(['jr', 'jr.', 'sr', 'sr.', 'ii', 'iii', 'iv']);

/** Common given names: a business name that starts with one ("Jake Thompson Photography") names its owner. */
export const FIRST_NAMES = new Set(
  `james john robert michael william david richard joseph thomas charles christopher chris daniel dan matthew
  anthony mark donald steven steve paul andrew joshua kenneth kevin brian george timothy ronald edward jason
  jeffrey ryan jacob gary nicholas eric jonathan stephen larry justin scott brandon benjamin ben samuel sam
  gregory alexander alex frank patrick raymond jack dennis jerry tyler aaron jose adam nathan henry douglas
  zachary peter kyle ethan walter noah jeremy christian keith roger terry gerald harold sean austin carl
  arthur lawrence dylan jesse jordan bryan billy joe bruce gabriel logan albert willie alan juan wayne elijah
  randy roy vincent ralph eugene russell bobby mason philip louis jake tony carlos luis miguel marco mario
  mary patricia jennifer linda elizabeth barbara susan jessica sarah karen lisa nancy betty margaret sandra
  ashley kimberly emily donna michelle carol amanda dorothy melissa deborah stephanie rebecca sharon laura
  cynthia kathleen amy angela shirley anna brenda pamela emma nicole helen samantha katherine christine debra
  rachel carolyn janet catherine maria heather diane ruth julie olivia joyce virginia victoria kelly lauren
  christina joan evelyn judith megan andrea cheryl hannah jacqueline martha gloria teresa ann sara madison
  frances kathryn janice jean abigail alice judy sophia grace denise amber doris marilyn danielle beverly
  isabella theresa diana natalie brittany charlotte marie kayla alexis lori nina sophie priya mia chloe zoe
  ava ella lily nora leah maya aria luna claire jade emilia valentina camila lucia elena sofia ana carmen`.split(
    /\s+/,
  ),
);

/** Legal forms dropped from simplified company names. */
export const LEGAL_SUFFIX =
  /[,\s]+(?:l\.?l\.?c\.?|inc\.?|incorporated|ltd\.?|limited|gmbh|co\.|co|corp\.?|corporation|plc|l\.?l\.?p\.?|p\.?l\.?l\.?c\.?|p\.c\.|pc|s\.?a\.?s?|sarl|s\.r\.l\.|srl|b\.v\.|bv|ag|pty\.?\s*ltd\.?|oy|ab|kg|n\.v\.|nv)\s*$/i;
