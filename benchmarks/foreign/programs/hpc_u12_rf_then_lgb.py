import pandas as pd
import numpy as np
from sklearn.ensemble import RandomForestClassifier, ExtraTreesClassifier
from sklearn.model_selection import StratifiedKFold
from sklearn.metrics import f1_score
from sklearn.preprocessing import LabelEncoder
import lightgbm as lgb

train = pd.read_csv('input/train.csv')
test = pd.read_csv('input/test.csv')
print(train.shape, test.shape)
print(train.head(3))
print(train['class'].value_counts())

le_y = LabelEncoder()
y = le_y.fit_transform(train['class'])
print(le_y.classes_)

df = pd.concat([train, test], ignore_index=True)
for c in ['protocol', 'day']:
    df[c] = LabelEncoder().fit_transform(df[c])

df['log_comp'] = np.log1p(df['compounds'])
df['log_inp'] = np.log1p(df['input_fields'])
df['log_pend'] = np.log1p(df['num_pending'])
df['work'] = df['log_comp'] + df['log_inp'] + np.log(df['iterations'])
df['weekend'] = df['day'].isin([2, 3]).astype(int)  # Sat Sun after LE
df['night'] = ((df['hour'] < 7) | (df['hour'] > 20)).astype(int)

feats = ['protocol', 'compounds', 'input_fields', 'iterations', 'num_pending', 'hour', 'day',
         'log_comp', 'log_inp', 'log_pend', 'work', 'weekend', 'night']
X = df.loc[:len(train) - 1, feats].reset_index(drop=True)
Xte = df.loc[len(train):, feats].reset_index(drop=True)
print(X.shape, Xte.shape)

skf = StratifiedKFold(5, shuffle=True, random_state=2024)
K = len(le_y.classes_)

# ---- RF + ET
oof_rf = np.zeros((len(X), K))
oof_et = np.zeros((len(X), K))
pt_rf = np.zeros((len(Xte), K))
pt_et = np.zeros((len(Xte), K))
for i, (tr_i, va_i) in enumerate(skf.split(X, y)):
    rf = RandomForestClassifier(n_estimators=300, min_samples_leaf=2, class_weight='balanced', n_jobs=-1, random_state=i)
    rf.fit(X.iloc[tr_i], y[tr_i])
    oof_rf[va_i] = rf.predict_proba(X.iloc[va_i])
    pt_rf += rf.predict_proba(Xte) / 5
    et = ExtraTreesClassifier(n_estimators=300, min_samples_leaf=2, class_weight='balanced', n_jobs=-1, random_state=i)
    et.fit(X.iloc[tr_i], y[tr_i])
    oof_et[va_i] = et.predict_proba(X.iloc[va_i])
    pt_et += et.predict_proba(Xte) / 5
    print('fold', i, 'rf f1', round(f1_score(y[va_i], oof_rf[va_i].argmax(1), average='macro'), 4),
          'et f1', round(f1_score(y[va_i], oof_et[va_i].argmax(1), average='macro'), 4))

print('RF macro f1:', f1_score(y, oof_rf.argmax(1), average='macro'))
print('ET macro f1:', f1_score(y, oof_et.argmax(1), average='macro'))

# ---- lgb
oof_lgb = np.zeros((len(X), K))
pt_lgb = np.zeros((len(Xte), K))
for i, (tr_i, va_i) in enumerate(skf.split(X, y)):
    m = lgb.LGBMClassifier(n_estimators=3000, learning_rate=0.03, num_leaves=31,
                           class_weight='balanced', colsample_bytree=0.8, verbose=-1)
    m.fit(X.iloc[tr_i], y[tr_i], eval_set=[(X.iloc[va_i], y[va_i])],
          early_stopping_rounds=100, verbose=200, categorical_feature=['protocol', 'day'])
    oof_lgb[va_i] = m.predict_proba(X.iloc[va_i])
    pt_lgb += m.predict_proba(Xte) / 5
    print('fold', i, 'lgb f1', round(f1_score(y[va_i], oof_lgb[va_i].argmax(1), average='macro'), 4))

print('LGB macro f1:', f1_score(y, oof_lgb.argmax(1), average='macro'))

bl = 0.25 * oof_rf + 0.25 * oof_et + 0.5 * oof_lgb
print('BLEND macro f1:', f1_score(y, bl.argmax(1), average='macro'))

pt = 0.25 * pt_rf + 0.25 * pt_et + 0.5 * pt_lgb
sub = pd.read_csv('input/sample_submission.csv')
sub['class'] = le_y.inverse_transform(pt.argmax(1))
sub.to_csv('submission/submission.csv', index=False)
print(sub['class'].value_counts())
