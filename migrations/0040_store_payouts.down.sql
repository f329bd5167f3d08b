DROP TABLE org_payouts;
DROP TABLE org_payout_details;
