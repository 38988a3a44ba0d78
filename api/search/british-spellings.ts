import { lookupTable } from '../lookup-table.ts';

/**
 * British spellings as American ones, for English text analysis: "colour" and "color" are one term,
 * so a reader who asks how to "customise the sidebar colours" finds the pages that say "customize" and
 * "colors" (and a British site's pages are found by American spellings). Applied before stemming, to
 * the index and the query alike. Only these families change: an open rule such as "-our" -> "-or"
 * would make "tour" and "hour" into other words.
 */
const OUR_ROOTS = ['colour', 'behaviour', 'favour', 'flavour', 'honour', 'labour', 'neighbour', 'humour', 'rumour', 'harbour', 'armour', 'vapour', 'endeavour', 'savour'];
/** Stems of verbs written with -ise in British and -ize in American English ("customis|e", "organis|ation"). */
const ISE_ROOTS = [
  'customis', 'organis', 'initialis', 'optimis', 'authoris', 'recognis', 'summaris', 'visualis', 'prioritis', 'categoris',
  'synchronis', 'serialis', 'deserialis', 'normalis', 'finalis', 'personalis', 'localis', 'internationalis', 'minimis',
  'maximis', 'standardis', 'utilis', 'realis', 'memoris', 'apologis', 'capitalis', 'characteris', 'sanitis', 'tokenis',
  'parameteris', 'virtualis', 'containeris', 'modernis', 'specialis', 'generalis', 'centralis', 'digitis', 'monetis',
  'randomis', 'stabilis', 'criticis', 'emphasis', 'itemis', 'materialis', 'harmonis', 'penalis', 'legalis', 'italicis',
];
const WORDS = lookupTable<string>({
  analyse: 'analyze', analysed: 'analyzed', analysing: 'analyzing', paralyse: 'paralyze', catalyse: 'catalyze',
  centre: 'center', centres: 'centers', centred: 'centered', centring: 'centering', metre: 'meter', metres: 'meters',
  litre: 'liter', fibre: 'fiber', theatre: 'theater',
  catalogue: 'catalog', catalogues: 'catalogs', dialogue: 'dialog', dialogues: 'dialogs', analogue: 'analog',
  licence: 'license', licences: 'licenses', defence: 'defense', offence: 'offense',
  grey: 'gray', greyed: 'grayed', greyscale: 'grayscale',
  modelling: 'modeling', modelled: 'modeled', labelled: 'labeled', labelling: 'labeling', cancelled: 'canceled',
  cancelling: 'canceling', travelled: 'traveled', travelling: 'traveling', signalled: 'signaled', levelled: 'leveled',
  channelled: 'channeled', tunnelling: 'tunneling', tunnelled: 'tunneled',
  enrol: 'enroll', enrolment: 'enrollment', fulfil: 'fulfill', fulfilment: 'fulfillment', instalment: 'installment',
  judgement: 'judgment', acknowledgement: 'acknowledgment', artefact: 'artifact', artefacts: 'artifacts',
  programme: 'program', programmes: 'programs', cheque: 'check', aluminium: 'aluminum',
});
const OUR = new RegExp(`^(${OUR_ROOTS.join('|')})(s|ed|ing|ful|less|able|ably|ite|ites)?$`);
// "emphasis" is also a noun of both spellings: only its verb forms change.
const ISE = new RegExp(`^(${ISE_ROOTS.join('|')})(e|es|ed|ing|ation|ations|er|ers|able)$`);

/** A folded English word in American spelling ("colours" -> "colors", "organisation" -> "organization"). */
export function americanSpelling(word: string): string {
  const known = WORDS[word];
  if (known) return known;
  if (word.length < 5) return word;
  const our = OUR.exec(word);
  if (our) return `${our[1]!.slice(0, -2)}r${our[2] ?? ''}`;
  const ise = ISE.exec(word);
  if (ise) return `${ise[1]!.slice(0, -1)}z${ise[2]!}`;
  return word;
}

/** English text with its British spellings made American, each word's capital kept ("Colour" -> "Color"). */
export function americanText(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    const american = americanSpelling(lower);
    if (american === lower) return word;
    return word === lower ? american : word[0] + american.slice(1);
  });
}
