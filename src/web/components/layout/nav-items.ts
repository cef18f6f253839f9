import {
  Activity,
  BarChart3,
  Camera,
  History,
  Home,
  type LucideIcon,
  Send,
  Settings,
  Upload,
} from 'lucide-react';

export interface NavItem {
  label: string;
  href: string;
  icon: LucideIcon;
}

export interface NavGroup {
  label: string;
  items: NavItem[];
}

// Side bar groups (SPEC §2): Main, then the provider integration.
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Main',
    items: [
      { label: 'Home', href: '/', icon: Home },
      { label: 'Upload CSV', href: '/upload', icon: Upload },
      { label: 'Dashboard', href: '/dashboard', icon: BarChart3 },
      { label: 'History', href: '/history', icon: History },
      { label: 'Instagram Scraper', href: '/instagram-scraper', icon: Camera },
    ],
  },
  {
    label: 'Smartlead',
    items: [
      { label: 'API Settings', href: '/smartlead-settings', icon: Settings },
      { label: 'Send to Smartlead', href: '/send-to-smartlead', icon: Send },
      { label: 'Campaign Status', href: '/campaign-status', icon: Activity },
    ],
  },
];

// Breadcrumb label of each route under the shared layout, plus navigation-only targets.
export const ROUTE_LABELS: Record<string, string> = {
  '/upload': 'Upload CSV',
  '/dashboard': 'Dashboard',
  '/history': 'History',
  '/instagram-scraper': 'Instagram Scraper',
  '/settings/api-tokens': 'API Tokens',
  '/smartlead-settings': 'API Settings',
  '/send-to-smartlead': 'Send to Smartlead',
  '/campaign-status': 'Campaign Status',
  '/email-composer': 'Email Composer',
  '/smartlead/campaigns': 'Email Campaigns',
  '/smartlead/email-accounts': 'Email Accounts',
};
