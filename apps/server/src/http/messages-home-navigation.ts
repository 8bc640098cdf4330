/** Messages of the home page's navigation services (issue 30: counters, fixed icons), joined into MESSAGES. */
export const HOME_NAVIGATION_MESSAGES = {
  homeBadElement: {
    'zh-CN': '无法统计该页面元素：名称不在允许的范围内',
    'zh-TW': '無法統計該頁面元素：名稱不在允許的範圍內',
    'en-US': 'This page element cannot be counted: its name is not on the allow-list',
  },
  homeBadNavTarget: {
    'zh-CN': '请给出菜单项编号或本站页面路径',
    'zh-TW': '請給出選單項編號或本站頁面路徑',
    'en-US': "Give a menu entry's id or a path of this site",
  },
  homeTooManyCounts: {
    'zh-CN': '统计请求过于频繁，本次未计入',
    'zh-TW': '統計請求過於頻繁，本次未計入',
    'en-US': 'Too many counts from this address: this one was not counted',
  },
  homeIconBadAddress: {
    'zh-CN': '第 {index} 个图标的地址无效：请填写本站路径（以 / 开头）或 http(s) 地址',
    'zh-TW': '第 {index} 個圖示的位址無效：請填寫本站路徑（以 / 開頭）或 http(s) 位址',
    'en-US': 'Icon {index}: the address must be a path of this site (starting with /) or an http(s) address',
  },
  homeIconAddressRequired: {
    'zh-CN': '第 {index} 个图标缺少地址：链接图标需要链接，二维码图标需要图片地址',
    'zh-TW': '第 {index} 個圖示缺少位址：連結圖示需要連結，QR 碼圖示需要圖片位址',
    'en-US': 'Icon {index} has no address: a link icon needs its link, a QR icon its image',
  },
  homeIconDuplicateTop: {
    'zh-CN': '只能有一个“返回顶部”图标',
    'zh-TW': '只能有一個「回到頂部」圖示',
    'en-US': 'There can be only one "back to top" icon',
  },
  homeIconsChanged: {
    'zh-CN': '悬浮图标已被他人修改，请刷新后再保存',
    'zh-TW': '懸浮圖示已被他人修改，請重新整理後再儲存',
    'en-US': 'Someone else changed the fixed icons meanwhile: reload them and save again',
  },
  homeIconsSaved: {
    'zh-CN': '悬浮图标已保存',
    'zh-TW': '懸浮圖示已儲存',
    'en-US': 'Fixed icons saved',
  },
} as const;
