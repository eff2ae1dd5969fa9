-- The page a notification opens (an in-app path such as /TicketManagement?ticket=…), set
-- by the module that sent it; NULL for notifications that open nothing.
ALTER TABLE notifications ADD COLUMN link TEXT;
