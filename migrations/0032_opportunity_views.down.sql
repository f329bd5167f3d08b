DROP TABLE opportunity_views;
