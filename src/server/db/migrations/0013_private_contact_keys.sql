-- Hand-written: a founder's own contacts are matched as the catalogue is, one index probe or a short index range
-- per imported row (modules/imports/matching.ts), not by folding every contact she owns (up to 20,000) for each
-- statement. The same keys as the catalogue's indexes of 0011, after the owner.
CREATE INDEX "private_contacts_email_key_idx" ON "private_contacts" ("owner_id", lower("email")) WHERE "email" <> 'NaN';--> statement-breakpoint
CREATE INDEX "private_contacts_domain_last_name_idx" ON "private_contacts" ("owner_id", fs_web_domain("office_website"), fs_fold("last_name")) WHERE "office_website" <> 'NaN';--> statement-breakpoint
CREATE INDEX "private_contacts_person_key_idx" ON "private_contacts" ("owner_id", fs_person_key("first_name", "last_name", "firm_name"));--> statement-breakpoint
CREATE INDEX "private_contacts_folded_name_idx" ON "private_contacts" ("owner_id", fs_fold("last_name"), fs_fold("first_name") COLLATE "C");
