import { useQuery } from '@tanstack/react-query';
import { Building2, Check, ChevronsUpDown, Loader2, Users } from 'lucide-react';
import { useRef } from 'react';
import { useLocation } from 'wouter';
import { teamQueries, useSwitchWorkspace } from '../features/team/api';
import { failureToast, toast } from '../lib/toast';
import { Button } from '../ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu';

/** The top bar's workspace menu: the one this browser works in, the others to switch to, the team page. */
export function WorkspaceSwitcher() {
  const [, navigate] = useLocation();
  const navigated = useRef(false);
  const list = useQuery(teamQueries.workspaces());
  const current = list.data?.find((w) => w.current);
  const switchTo = useSwitchWorkspace({
    onSuccess: (_r, w) => toast({ title: `Working in ${w.name}`, variant: 'success' }),
    onError: failureToast('Could not switch workspace'),
  });

  if (list.isError) return null;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          size="sm"
          className="max-w-56 shrink-0"
          aria-label={current ? `Workspace: ${current.name}. Switch workspace` : 'Switch workspace'}
          data-testid="workspace-switcher"
        >
          {list.isLoading ? <Loader2 className="animate-spin" /> : <Building2 />}
          <span className="hidden truncate sm:inline">{current?.name ?? 'Workspace'}</span>
          <ChevronsUpDown className="opacity-60" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        className="w-64"
        onCloseAutoFocus={(e) => {
          if (navigated.current) e.preventDefault();
          navigated.current = false;
        }}
      >
        <DropdownMenuLabel>Workspaces</DropdownMenuLabel>
        {list.data?.map((w) => (
          <DropdownMenuItem
            key={w.id}
            aria-current={w.current ? 'true' : undefined}
            onSelect={() => !w.current && switchTo.mutate(w)}
          >
            {w.current ? <Check /> : <span className="size-4" aria-hidden="true" />}
            <span className="flex-1 truncate">{w.name}</span>
            <span className="text-xs capitalize text-muted-foreground">
              {w.personal ? 'personal' : w.role}
            </span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem
          onSelect={() => {
            navigated.current = true;
            navigate('/settings/team');
          }}
        >
          <Users /> Team settings
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
