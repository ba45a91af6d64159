import type { SubscriptionResolvers } from '../../generated/resolvers-types';
import { toolEvents } from './toolEvents';

export const Subscription: SubscriptionResolvers = { toolEvents };
