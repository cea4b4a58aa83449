import { useCanAccess } from 'react-admin';
import { useAppContext } from '../../appContext';
import { hasFeature, type PlanFeature } from '#shared/domain/plans';

export interface UploadPermissions {
  isPending: boolean;
  /** Approve, hide, show, tag, delete (spec section 6: users and above; platform admins). */
  canEdit: boolean;
  /** Allow flagged content (platform admins). */
  canAllow: boolean;
  canDownload: boolean;
  /** Platform admins: no upgrade prompts, no Like. */
  isPlatformAdmin: boolean;
  /** The plan's filters and tags (platform admins bypass them). */
  filtersAllowed: boolean;
  tagsAllowed: boolean;
  /** The plan shows fan photos. */
  imagesAllowed: boolean;
}

/** What the viewer may do on Fan Uploads or Platform Uploads, from the permissions table. */
export function useUploadPermissions(platform: boolean): UploadPermissions {
  const resource = platform ? 'admin-uploads' : 'uploads';
  const edit = useCanAccess({ resource, action: 'edit' });
  const allow = useCanAccess({ resource: 'admin-uploads', action: 'moderation-approve' });
  const download = useCanAccess({ resource: 'uploads', action: 'download' });
  const bypass = useCanAccess({ resource: 'plan-limits', action: 'bypass' });
  const { data: context } = useAppContext();
  const limits = context?.account?.planLimits;
  const bypasses = !!bypass.canAccess;
  // Platform Uploads spans accounts: no one plan applies there.
  const allowed = (feature: PlanFeature) => platform || (limits ? hasFeature(limits, feature, bypasses) : bypasses);
  return {
    isPending: edit.isPending || allow.isPending || download.isPending || bypass.isPending,
    canEdit: !!edit.canAccess,
    canAllow: !!allow.canAccess,
    canDownload: !platform && !!download.canAccess,
    isPlatformAdmin: bypasses,
    filtersAllowed: allowed('filters'),
    tagsAllowed: allowed('tags'),
    imagesAllowed: allowed('images'),
  };
}
