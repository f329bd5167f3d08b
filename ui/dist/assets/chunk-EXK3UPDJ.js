<<<<<<< HEAD:ui/dist/assets/chunk-EFYB7C3I.js
<<<<<<<< HEAD:ui/dist/assets/chunk-KBXUTD5D.js
import{z as o}from"./chunk-MWPSCQFO.js";function u({variant:t="primary",type:n="button",class:r,...e}){let a=[t==="primary"?"":t,r].filter(Boolean).join(" ");return o("button",{type:n,class:a||void 0,...e})}export{u as a};
========
import{z as o}from"./chunk-INANBID3.js";function u({variant:t="primary",type:n="button",class:r,...e}){let a=[t==="primary"?"":t,r].filter(Boolean).join(" ");return o("button",{type:n,class:a||void 0,...e})}export{u as a};
>>>>>>>> b6144e3c (UI: the design system in ui/src/ui/ and one field family (ui/fields/: one shell — label, error then hint, aria-describedby — with the event-bound TextField/DateField/SelectField/CheckboxField and the value-bound inputs of the public forms); mn /dashboard first-load JS 59.9 → 59.7 KB gzip, prerendered HTML unchanged but for one fewer preloaded chunk on pages that no longer need it):ui/dist/assets/chunk-EFYB7C3I.js
=======
import{z as o}from"./chunk-GORU6INS.js";function u({variant:t="primary",type:n="button",class:r,...e}){let a=[t==="primary"?"":t,r].filter(Boolean).join(" ");return o("button",{type:n,class:a||void 0,...e})}export{u as a};
>>>>>>> 4f859b41 (UI: one form hook and one client validator — lib/form (useForm, FormMessage, SubmitButton, focus on the first invalid field; was pages/auth/form) for the account, admin and small public forms; lib/validate (Problem = catalog key + args: length, text, email, date of birth) under both the account checks (translated in place) and the public forms' rules; the forms engine's Messages is lib/form's FieldErrors):ui/dist/assets/chunk-EXK3UPDJ.js
