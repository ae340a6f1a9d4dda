#!/usr/bin/env python
# coding: utf-8

# %% [markdown]
# # US daily births 1969-1988
# test = the last years -> validate on the last ~20% of train by date, never shuffle

# %%
import numpy as np
import pandas as pd
import lightgbm as lgb
from sklearn.linear_model import Ridge
from sklearn.metrics import mean_absolute_error

# %%
train = pd.read_csv('input/train.csv', parse_dates=['date'])
test = pd.read_csv('input/test.csv', parse_dates=['date'])
print(train.shape, test.shape)
print(train.head())
print(train.date.min(), train.date.max(), '|', test.date.min(), test.date.max())

# %%
print(train.isnull().sum())
print(train.births.describe())
print(train.groupby('wday').births.mean().sort_values())

# %%
print(train.groupby('year').births.mean())

# %%
train = train.sort_values('date').reset_index(drop=True)
test = test.sort_values('date').reset_index(drop=True)

# %% [markdown]
# ### calendar features

# %%
for d in [train, test]:
    d['t'] = (d['date'] - pd.Timestamp('1969-01-01')).dt.days
    d['week'] = d['date'].dt.isocalendar().week.astype(int)
    d['weekend'] = (d['day_of_week'] >= 6).astype(int)
    d['sin_doy'] = np.sin(2 * np.pi * d['day_of_year'] / 365.25)
    d['cos_doy'] = np.cos(2 * np.pi * d['day_of_year'] / 365.25)
    d['md'] = d['month'] * 100 + d['day_of_month']
    # fixed-date holidays
    d['holiday'] = d['md'].isin([101, 704, 1225, 1224, 1231, 1111]).astype(int)
    d['month_end'] = d['date'].dt.is_month_end.astype(int)

# floating holidays: thanksgiving (4th thu of nov), labor day (1st mon sep), memorial day (last mon may)
for d in [train, test]:
    d['thanks'] = ((d.month == 11) & (d.day_of_week == 4) & (d.day_of_month.between(22, 28))).astype(int)
    d['labor'] = ((d.month == 9) & (d.day_of_week == 1) & (d.day_of_month <= 7)).astype(int)
    d['memorial'] = ((d.month == 5) & (d.day_of_week == 1) & (d.day_of_month >= 25)).astype(int)
    d['holiday'] = d[['holiday', 'thanks', 'labor', 'memorial']].max(axis=1)

print(train[['holiday', 'thanks', 'labor', 'memorial']].sum())

# %%
# target encodings: average births by weekday and by month-day
train['dow_mean'] = train.groupby('day_of_week')['births'].transform('mean')
train['md_mean'] = train.groupby('md')['births'].transform('mean')
train['md_ratio'] = train['md_mean'] / train['births'].mean()
print(train[['md', 'md_mean', 'md_ratio']].sort_values('md_ratio').head(10))

# %%
train['y'] = np.log1p(train['births'])
feats = ['t', 'year', 'month', 'day_of_year', 'day_of_month', 'day_of_week', 'week', 'weekend',
         'sin_doy', 'cos_doy', 'holiday', 'month_end', 'dow_mean', 'md_mean', 'md_ratio']

cut = int(len(train) * 0.8)
tr, va = train.iloc[:cut], train.iloc[cut:]
print('train until', tr.date.max(), 'valid from', va.date.min(), len(tr), len(va))

# %%
models = {
    'ridge': Ridge(alpha=1.0),
    'lgbm': lgb.LGBMRegressor(n_estimators=3000, learning_rate=0.01, num_leaves=31,
                              min_child_samples=20, subsample=0.8, subsample_freq=1,
                              colsample_bytree=0.8, random_state=42, verbose=-1),
}

maes = {}
for name, m in models.items():
    if name == 'lgbm':
        m.fit(tr[feats], tr['y'], eval_set=[(va[feats], va['y'])], eval_metric='l1',
              callbacks=[lgb.early_stopping(200), lgb.log_evaluation(100)])
    else:
        m.fit(tr[feats], tr['y'])
    p = np.expm1(m.predict(va[feats]))
    maes[name] = mean_absolute_error(va['births'], p)
    print(f'{name}: valid MAE = {maes[name]:.2f}')

# %%
# trees can't extrapolate the trend -> ridge on t + lgbm on residuals?
r = Ridge(alpha=1.0).fit(tr[['t']], tr['y'])
tr_res = tr['y'] - r.predict(tr[['t']])
va_res = va['y'] - r.predict(va[['t']])
m2 = lgb.LGBMRegressor(n_estimators=1500, learning_rate=0.01, num_leaves=31, subsample=0.8,
                       subsample_freq=1, colsample_bytree=0.8, random_state=42, verbose=-1)
m2.fit(tr[feats], tr_res, eval_set=[(va[feats], va_res)], eval_metric='l1',
       callbacks=[lgb.log_evaluation(250)])
p = np.expm1(r.predict(va[['t']]) + m2.predict(va[feats]))
maes['trend+lgbm'] = mean_absolute_error(va['births'], p)
print(f'trend+lgbm: valid MAE = {maes["trend+lgbm"]:.2f}')

# %%
print(pd.Series(maes).sort_values())
best = min(maes, key=maes.get)
print('best:', best)

# %%
# refit on everything
r = Ridge(alpha=1.0).fit(train[['t']], train['y'])
res_all = train['y'] - r.predict(train[['t']])
if best == 'trend+lgbm':
    m2.set_params(n_estimators=1500)
    m2.fit(train[feats], res_all)
    pred = np.expm1(r.predict(test[['t']]) + m2.predict(test[feats]))
else:
    mdl = models[best]
    if best == 'lgbm':
        mdl.set_params(n_estimators=mdl.best_iteration_)
    mdl.fit(train[feats], train['y'])
    pred = np.expm1(mdl.predict(test[feats]))

# %%
sub = pd.DataFrame({'id': test['id'].astype(int), 'births': pred})
sub.to_csv('submission/submission.csv', index=False)
print(sub.head())
print(sub.births.describe())
