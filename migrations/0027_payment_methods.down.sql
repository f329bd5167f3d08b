DROP TABLE payment_charges;
DROP TABLE payment_methods;
DROP TABLE payment_customers;
