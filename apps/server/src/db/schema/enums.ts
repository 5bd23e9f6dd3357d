import { PHYSICAL_STATES, REGULATORY_LIST_TYPES, ROLES, SDS_STATUSES, UNIT_TYPES } from '@chemtrack/domain';
import { pgEnum } from 'drizzle-orm/pg-core';

// Kept apart from the area files because several areas share them (products and their inventory
// snapshot, the reference lists and their upload records).
export const roleEnum = pgEnum('role', ROLES);
export const sdsStatusEnum = pgEnum('sds_status', SDS_STATUSES);
export const physicalStateEnum = pgEnum('physical_state', PHYSICAL_STATES);
export const unitTypeEnum = pgEnum('unit_type', UNIT_TYPES);
export const regulatoryListTypeEnum = pgEnum('regulatory_list_type', REGULATORY_LIST_TYPES);
