export { PricingPlans } from './components/pricing-plans';
export { PaymentProblemBanner } from './components/payment-problem-banner';
export { ManageSubscriptionButton, useManageSubscription } from './components/manage-subscription-button';
export { planStatus } from './model/subscription-copy';
