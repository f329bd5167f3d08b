var o=s=>s.length<=254&&/^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+\.[^\s@<>"(),;:.]+$/.test(s)&&!s.includes("..");export{o as a};
