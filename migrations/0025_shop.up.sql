-- The shop (app/store/shop): products sold by the platform and verified organisations, the
-- signed-in buyer's cart, coupons, orders and their lines. Money is integers in the currency's
-- minor unit (MNT ×1, USD cents). Stock is taken when an order is paid (CHECK keeps it >= 0:
-- the database itself refuses an oversell).
CREATE TABLE shop_products (
    id             INTEGER PRIMARY KEY,
    seller         TEXT NOT NULL,                        -- 'platform' or 'org:<id>'
    org_id         INTEGER REFERENCES organizations (id) ON DELETE CASCADE,
    name_en        TEXT NOT NULL DEFAULT '',
    name_mn        TEXT NOT NULL DEFAULT '',
    description_en TEXT NOT NULL DEFAULT '',
    description_mn TEXT NOT NULL DEFAULT '',
    category       TEXT NOT NULL CHECK (category IN ('guide', 'course', 'ticket', 'merchandise', 'service')),
    price          INTEGER NOT NULL CHECK (price >= 0),
    currency       TEXT NOT NULL CHECK (currency IN ('MNT', 'USD')),
    stock_kind     TEXT NOT NULL CHECK (stock_kind IN ('number', 'unlimited', 'digital')),
    stock          INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0),
    sold           INTEGER NOT NULL DEFAULT 0 CHECK (sold >= 0),
    colours        TEXT NOT NULL DEFAULT '[]',           -- JSON list of colour names
    images         TEXT NOT NULL DEFAULT '[]',           -- JSON list of file ids (app/platform/files)
    active         INTEGER NOT NULL DEFAULT 1,
    created_by     INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at     TEXT NOT NULL,
    updated_at     TEXT NOT NULL
);
CREATE INDEX shop_products_new_idx ON shop_products (active, id);
CREATE INDEX shop_products_price_idx ON shop_products (active, price, id);
CREATE INDEX shop_products_seller_idx ON shop_products (seller, id);

-- Names and descriptions in both languages, Cyrillic and Latin spellings (app/platform/search).
CREATE VIRTUAL TABLE shop_product_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3', content = '', contentless_delete = 1);

-- A signed-in buyer's cart and checkout state, so it follows them to another device.
CREATE TABLE shop_carts (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    state      TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE shop_coupons (
    code       TEXT PRIMARY KEY,                         -- upper case
    seller     TEXT NOT NULL,
    percent    INTEGER NOT NULL CHECK (percent BETWEEN 1 AND 100),
    expires_at TEXT NOT NULL,
    created_by INTEGER REFERENCES users (id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
);

CREATE TABLE shop_orders (
    id              INTEGER PRIMARY KEY,
    buyer_user_id   INTEGER REFERENCES users (id) ON DELETE SET NULL,
    seller          TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('placed', 'paid', 'fulfilled', 'completed', 'cancelled')),
    fulfilment      TEXT NOT NULL DEFAULT '' CHECK (fulfilment IN ('', 'shipped', 'delivered', 'ticket_issued', 'download_available')),
    currency        TEXT NOT NULL,
    subtotal        INTEGER NOT NULL,
    discount        INTEGER NOT NULL,
    shipping        INTEGER NOT NULL,
    total           INTEGER NOT NULL CHECK (total > 0),
    coupon          TEXT NOT NULL DEFAULT '',
    delivery        TEXT NOT NULL,
    billing         TEXT NOT NULL,                       -- JSON: name, email, phone, address, city
    payment_id      INTEGER,
    idempotency_key TEXT NOT NULL,
    created_at      TEXT NOT NULL,
    paid_at         TEXT,
    updated_at      TEXT NOT NULL,
    UNIQUE (buyer_user_id, idempotency_key)
);
CREATE INDEX shop_orders_buyer_idx ON shop_orders (buyer_user_id, id);
CREATE INDEX shop_orders_seller_idx ON shop_orders (seller, id);
CREATE INDEX shop_orders_paid_idx ON shop_orders (seller, paid_at);

CREATE TABLE shop_order_items (
    order_id   INTEGER NOT NULL REFERENCES shop_orders (id) ON DELETE CASCADE,
    line       INTEGER NOT NULL,
    product_id INTEGER NOT NULL REFERENCES shop_products (id),
    name_en    TEXT NOT NULL,
    name_mn    TEXT NOT NULL,
    price      INTEGER NOT NULL,
    quantity   INTEGER NOT NULL CHECK (quantity > 0),
    colours    TEXT NOT NULL DEFAULT '[]',
    PRIMARY KEY (order_id, line)
);
CREATE INDEX shop_order_items_product_idx ON shop_order_items (product_id);
