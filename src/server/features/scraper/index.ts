// The scraper's surface for other features: its rows for a workspace's export, erasure and retention.
export {
  deleteScrapesBefore,
  eraseWorkspaceScrapes,
  scrapeJobsExportPage,
  scrapeProfilesExportPage,
} from './workspace-data';
