DROP TABLE community_search;
