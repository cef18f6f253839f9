// The MCP feature's surface for other features: the data export reads the assistants a workspace let in.
export { assistantsExportPage } from './workspace-data';
