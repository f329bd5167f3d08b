DROP TABLE universities;
DROP TABLE destinations;
DROP TABLE faq_entries;
DROP TABLE faq_categories;
