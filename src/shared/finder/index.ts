// The email finder's shared parts: contracts, the name parts, the pattern table, CSV columns.
export * from './columns';
export * from './contracts';
export {
  ADDRESS_PATTERNS,
  localPartsOf,
  patternById,
  patternsMatching,
} from './patterns';
export { type NameParts, nameParts } from './person-name';
