// One CSV module for the CLI, uploads, exports and the scraper's files (server and web): reading
// (encoding, delimiter, quoted newlines, ragged rows, column detection) and formula-safe writing.
export { type DetectedColumns, detectColumns, headerKeys, looksLikeEmail } from './columns';
export { type CsvLayout, detectLayout, fitRow, widenHeaders } from './layout';
export { CsvNotTextError, readCsv } from './read';
export { type CsvCell, csvDocument, csvLine, csvRows, unguardCell } from './write';
