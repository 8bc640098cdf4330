/** Messages of favourite folders and e-favourites (issue 29, My Library key 2), joined into MESSAGES. */
export const FAVOURITE_MESSAGES = {
  favouriteFolderCreated: {
    'zh-CN': '新建收藏夹成功！',
    'zh-TW': '新增收藏夾成功！',
    'en-US': 'Folder created',
  },
  favouriteEdited: {
    'zh-CN': '修改成功！',
    'zh-TW': '修改成功！',
    'en-US': 'Changes saved',
  },
  favouriteDeleted: {
    'zh-CN': '删除成功！',
    'zh-TW': '刪除成功！',
    'en-US': 'Deleted',
  },
  favouriteFolderSwitched: {
    'zh-CN': '切换收藏夹成功！',
    'zh-TW': '切換收藏夾成功！',
    'en-US': 'Moved to the folder',
  },
  favouriteFolderNoSuch: {
    'zh-CN': '没有这个收藏夹',
    'zh-TW': '沒有這個收藏夾',
    'en-US': 'No such folder',
  },
  favouriteFolderNameRequired: {
    'zh-CN': '请填写收藏夹名称',
    'zh-TW': '請填寫收藏夾名稱',
    'en-US': 'Enter a name for the folder',
  },
  favouriteFolderNameTooLong: {
    'zh-CN': '收藏夹名称最多 {max} 个字',
    'zh-TW': '收藏夾名稱最多 {max} 個字',
    'en-US': 'A folder name has at most {max} characters',
  },
  favouriteFolderNameTaken: {
    'zh-CN': '已有名为“{name}”的收藏夹，请换一个名称',
    'zh-TW': '已有名為「{name}」的收藏夾，請換一個名稱',
    'en-US': 'You have a folder named “{name}” already: choose another name',
  },
  favouriteFoldersFull: {
    'zh-CN': '收藏夹最多 {max} 个，请先删除不用的收藏夹',
    'zh-TW': '收藏夾最多 {max} 個，請先刪除不用的收藏夾',
    'en-US': 'You can have at most {max} folders: delete one you no longer use first',
  },
  favouriteFolderDefaultFixed: {
    'zh-CN': '默认收藏夹不能删除或重命名',
    'zh-TW': '預設收藏夾不能刪除或重新命名',
    'en-US': 'The default folder cannot be deleted or renamed',
  },
  favouriteFolderChanged: {
    'zh-CN': '该收藏夹已在别处被修改，请刷新后再试',
    'zh-TW': '該收藏夾已在別處被修改，請重新整理後再試',
    'en-US': 'This folder was changed elsewhere meanwhile: reload and try again',
  },
  eFavouriteNoSuchResource: {
    'zh-CN': '没有这个电子资源',
    'zh-TW': '沒有這個電子資源',
    'en-US': 'No such electronic resource',
  },
  eFavouritesFull: {
    'zh-CN': '电子资源收藏已满（{max} 个），请先取消一些',
    'zh-TW': '電子資源收藏已滿（{max} 個），請先取消一些',
    'en-US': 'Your electronic-resource favourites are full ({max}); please remove some first',
  },
} as const;
