-- The wording of the review of 2026-11-25 (issue #12) in installations seeded before it: each
-- FAQ answer and destination the seed wrote is replaced only where it still holds the seed's
-- old text, so what administrators have edited stays as they wrote it. New installations are
-- seeded with the new text (i18n/content/*.seed.json) after this runs on empty tables.
UPDATE faq_entries SET answer_en = 'Choose Individual if you are a pupil, a student or looking for opportunities for yourself; you will use the mobile app. Choose Enterprise if you are a counselor, a manager or represent an organization that posts opportunities; you will use the web app.'
  WHERE slug = 'enterprise-or-individual' AND answer_en = 'Choose Individual if you are a pupil, a student or looking for opportunities for yourself; you will use the mobile app. Choose Enterprise if you are a counselor, a manager or represent an organisation that posts opportunities; you will use the web app.';
UPDATE faq_entries SET answer_mn = 'Нэвтрэх хэсэгт «Нууц үгээ мартсан уу?» гэснийг дарж, имэйлээ оруулна уу. Бид танд баталгаажуулах код илгээх бөгөөд түүгээр шинэ нууц үг тохируулна.'
  WHERE slug = 'forgot-password' AND answer_mn = 'Нэвтрэх хэсэгт “Нууц үгээ мартсан уу?” гэснийг дарж, имэйлээ оруулна уу. Бид танд баталгаажуулах код илгээх бөгөөд түүгээр шинэ нууц үг тохируулна.';
UPDATE faq_entries SET answer_en = 'No. An account must not be shared. In an Enterprise account, the organization owner adds each colleague as a member with their own account.'
  WHERE slug = 'share-account' AND answer_en = 'No. An account must not be shared. In an Enterprise account, the organisation owner adds each colleague as a member with their own account.';
UPDATE faq_entries SET answer_en = 'Open your account page and choose to delete your account; your data is erased within 30 days. A paid subscription ends at the end of the month already paid for, and the remaining time is not refunded.'
  WHERE slug = 'delete-account' AND answer_en = 'Open your profile page and choose to delete your account; your data is erased within 30 days. A paid subscription ends at the end of the month already paid for, and the remaining time is not refunded.';
UPDATE faq_entries SET answer_mn = 'Бүртгэлийн хуудсаа нээгээд бүртгэл устгахыг сонгоно уу; таны мэдээллийг 30 хоногийн дотор бүрмөсөн устгана. Төлбөртэй захиалга төлсөн сарын эцэст дуусах бөгөөд үлдсэн хугацааны төлбөрийг буцаан олгохгүй.'
  WHERE slug = 'delete-account' AND answer_mn = 'Профайл хуудсаа нээгээд бүртгэл устгахыг сонгоно уу; таны мэдээллийг 30 хоногийн дотор бүрмөсөн устгана. Төлбөртэй захиалга төлсөн сарын эцэст дуусах бөгөөд үлдсэн хугацааны төлбөрийг буцаан олгохгүй.';
UPDATE faq_entries SET answer_mn = 'Гар утасны аппаар боломжийг нээж, шаардлага болон эцсийн хугацааг шалгаад «Өргөдөл гаргах» товчийг дарна. Өргөдөлтэй хамт таны профайл илгээгддэг тул түүнийгээ шинэчилж байгаарай.'
  WHERE slug = 'apply' AND answer_mn = 'Гар утасны аппаар боломжийг нээж, шаардлага болон эцсийн хугацааг шалгаад “Өргөдөл гаргах” товчийг дарна. Өргөдөлтэй хамт таны профайл илгээгддэг тул түүнийгээ шинэчилж байгаарай.';
UPDATE faq_entries SET answer_mn = 'Болно. Өргөдлөө нээгээд «Татгалзах» товчийг дарна уу. Таныг татгалзсаныг Байгууллага харна.'
  WHERE slug = 'opt-out' AND answer_mn = 'Болно. Өргөдлөө нээгээд “Татгалзах” товчийг дарна уу. Таныг татгалзсаныг Байгууллага харна.';
UPDATE faq_entries SET question_en = 'How can my organization post an opportunity?'
  WHERE slug = 'post-opportunity' AND question_en = 'How can my organisation post an opportunity?';
UPDATE faq_entries SET question_mn = 'Залилан шиг санагдсан боломж байна, яах вэ?'
  WHERE slug = 'suspicious-opportunity' AND question_mn = 'Залилан шиг санагдсан зар байна, яах вэ?';
UPDATE faq_entries SET answer_mn = 'Мөнгө, бичиг баримт бүү илгээгээрэй. Боломж дээрх «Мэдээлэх» товчийг дарж, юу сэжигтэй байгааг бичнэ үү. Жинхэнэ боломж зөвхөн өргөдөл гаргахын тулд төлбөр нэхдэггүй.'
  WHERE slug = 'suspicious-opportunity' AND answer_mn = 'Мөнгө, бичиг баримт бүү илгээгээрэй. Боломж дээрх “Мэдээлэх” товчийг дарж, юу сэжигтэй байгааг бичнэ үү. Жинхэнэ боломж зөвхөн өргөдөл гаргахын тулд төлбөр нэхдэггүй.';
UPDATE faq_entries SET answer_mn = 'Нийтлэл, сэтгэгдэл эсвэл санал асуулга дээрх «Мэдээлэх» товчийг дарж, юу буруу байгааг товч бичнэ үү. Нийгэмлэгийн модераторууд гомдол бүрт 24 цагийн дотор хариу өгнө.'
  WHERE slug = 'report-content' AND answer_mn = 'Нийтлэл, сэтгэгдэл эсвэл санал асуулга дээрх “Мэдээлэх” товчийг дарж, юу буруу байгааг товч бичнэ үү. Нийгэмлэгийн модераторууд мэдээлэл бүрт 24 цагийн дотор хариу өгнө.';
UPDATE faq_entries SET question_mn = 'Хэн нэгнийг яаж хориглох вэ?'
  WHERE slug = 'block-user' AND question_mn = 'Намайг дарамтлаад байгаа хүнийг яаж хориглох вэ?';
UPDATE faq_entries SET answer_mn = 'Тухайн хүний профайлыг нээгээд «Хориглох» товчийг дарна уу; тэр тантай цаашид холбогдож чадахгүй. Дүрэм зөрчсөн бол түүний контентыг мөн мэдээлээрэй.'
  WHERE slug = 'block-user' AND answer_mn = 'Тухайн хүний профайлыг нээгээд “Хориглох” товчийг дарна уу; тэр тантай цаашид холбогдож чадахгүй. Дүрэм зөрчсөн бол түүний контентыг мөн мэдээлээрэй.';
UPDATE faq_entries SET answer_mn = 'Нийгэмлэг бүрийн өөрийн админ, модераторууд. Тэд дүрмийг нь тогтоож, гомдлыг шийдвэрлэдэг; Gerege хэрэгслээр хангадаг ч нийгэмлэгийг шууд хянадаггүй.'
  WHERE slug = 'who-moderates' AND answer_mn = 'Нийгэмлэг бүрийн өөрийн админ, модераторууд. Тэд журмыг нь тогтоож, мэдээллийг шийдвэрлэдэг; Gerege хэрэгслээр хангадаг ч нийгэмлэгийг шууд хянадаггүй.';
UPDATE faq_entries SET answer_en = 'Students and young people aged 16 or older who can commit to the whole program, from 20 July to 15 December.'
  WHERE slug = 'volunteer-who' AND answer_en = 'Students and young people aged 16 or older who can commit to the whole program, from July 20 to December 15.';
UPDATE faq_entries SET answer_en = 'Orientation runs 20–25 July and training 26 July – 31 August. Implementation and the conclusion both run 1 September – 15 December.'
  WHERE slug = 'volunteer-dates' AND answer_en = 'Orientation runs July 20–25 and training July 26 – August 31. Implementation and the conclusion both run September 1 – December 15.';
UPDATE destinations SET summary_en = 'A close neighbor with affordable study options and Chinese Government Scholarships; many programs start with a year of language study.'
  WHERE id = 'china' AND summary_en = 'A close neighbour with affordable study options and Chinese Government Scholarships; many programs start with a year of language study.';
