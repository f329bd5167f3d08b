DROP TABLE search_terms;
